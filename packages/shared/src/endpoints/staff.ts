import { access } from '../access';
import { idParamsSchema } from '../api/common';
import {
  inviteStaffInputSchema,
  staffListQuerySchema,
  staffMemberSchema,
  staffPageSchema,
  staffPermissionsInputSchema,
  staffRoleInputSchema,
  updateStaffInputSchema,
} from '../api/staff';
import { defineEndpoint } from '../endpoint';

const tags = ['staff'];
const params = idParamsSchema('staffId');

/**
 * Issue 17, spec 2.7 `/users/staff` (decision 029): StaffView lists, invites and edits colleagues; permissions, the
 * coach and owner flags and deactivation are an owner's (checked in the handlers, which answer 403).
 */
export const staffEndpoints = {
  staffList: defineEndpoint({
    method: 'GET',
    path: '/api/staff/',
    access: access.staffView,
    tags,
    summary: "The gym's staff, searched by name, email or phone, filtered by status and role, paged",
    query: staffListQuerySchema,
    answers: { 200: staffPageSchema },
  }),
  staffMember: defineEndpoint({
    method: 'GET',
    path: '/api/staff/:staffId/',
    access: access.staffView,
    tags,
    summary: 'One staff member of the gym',
    params,
    answers: { 200: staffMemberSchema },
  }),
  inviteStaff: defineEndpoint({
    method: 'POST',
    path: '/api/staff/',
    access: access.staffView,
    tags,
    summary: 'Invite a staff member by email (an existing Spotter user gets a staff profile); sends the activation mail',
    body: inviteStaffInputSchema,
    answers: { 201: staffMemberSchema },
  }),
  updateStaff: defineEndpoint({
    method: 'PUT',
    path: '/api/staff/:staffId/',
    access: access.staffView,
    tags,
    summary: "Edit a colleague's profile (spec 5 rules; the coach flag only by an owner; email only while the invite is pending)",
    params,
    body: updateStaffInputSchema,
    answers: { 200: staffMemberSchema },
  }),
  updateStaffPermissions: defineEndpoint({
    method: 'PUT',
    path: '/api/staff/:staffId/permissions/',
    access: access.staffView,
    tags,
    summary: "Set a staff member's permissions (owners only)",
    params,
    body: staffPermissionsInputSchema,
    answers: { 200: staffMemberSchema },
  }),
  updateStaffRole: defineEndpoint({
    method: 'PUT',
    path: '/api/staff/:staffId/role/',
    access: access.staffView,
    tags,
    summary: 'Make a staff member an owner or not (owners only; the last active owner stays one)',
    params,
    body: staffRoleInputSchema,
    answers: { 200: staffMemberSchema },
  }),
  deactivateStaff: defineEndpoint({
    method: 'POST',
    path: '/api/staff/:staffId/deactivate/',
    access: access.staffView,
    tags,
    summary: 'Deactivate a staff member (owners only): their sessions end at once; the last active owner cannot be',
    params,
    answers: { 200: staffMemberSchema },
  }),
  reactivateStaff: defineEndpoint({
    method: 'POST',
    path: '/api/staff/:staffId/reactivate/',
    access: access.staffView,
    tags,
    summary: 'Reactivate a deactivated staff member (owners only)',
    params,
    answers: { 200: staffMemberSchema },
  }),
};
