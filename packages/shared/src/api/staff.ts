import { z } from 'zod';
import { permissions } from '../roles';
import { emailSchema, nameSchema } from '../validation';
import { pageSchema, paginationQuerySchema, searchTermSchema } from './common';
import { staffSchema, storedPhoneSchema, updateStaffSelfInputSchema } from './people';

/** Issue 17 (decision 029): the gym's staff as the staff screen sees them. */

export const staffStatuses = ['active', 'deactivated', 'all'] as const;
export type StaffStatus = (typeof staffStatuses)[number];
export const staffRoleFilters = ['owner', 'staff', 'coach'] as const;
export type StaffRoleFilter = (typeof staffRoleFilters)[number];

export const staffListQuerySchema = paginationQuerySchema.extend({
  search: searchTermSchema,
  status: z.enum(staffStatuses).default('active'),
  role: z.enum(staffRoleFilters).optional(),
});
export type StaffListQuery = z.infer<typeof staffListQuerySchema>;

/** Spec 3's staff with what the staff screen manages: permissions, deactivation, whether the login is activated. */
export const staffMemberSchema = staffSchema.extend({
  permissions: z.array(z.enum(permissions)),
  isActive: z.boolean(),
  deactivatedAt: z.string().nullable(),
  /** The person has activated their Spotter login (an invite not yet accepted: false). */
  hasLogin: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffPageSchema = pageSchema(staffMemberSchema);

/** Invite a colleague by email; the coach flag and permissions are an owner's to give (decision 029). */
export const inviteStaffInputSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  phone: storedPhoneSchema.default(''),
  isCoach: z.boolean().default(false),
  permissions: z.array(z.enum(permissions)).max(permissions.length).default([]),
});
export type InviteStaffInput = z.infer<typeof inviteStaffInputSchema>;

/** A colleague's profile: the own account's fields and rules (spec 3, 5); email only while the invite is pending. */
export const updateStaffInputSchema = updateStaffSelfInputSchema;
export type UpdateStaffInput = z.infer<typeof updateStaffInputSchema>;

export const staffPermissionsInputSchema = z.object({
  permissions: z.array(z.enum(permissions, { error: 'Unknown permission.' })).max(permissions.length),
});
export type StaffPermissionsInput = z.infer<typeof staffPermissionsInputSchema>;

export const staffRoleInputSchema = z.object({ isOwner: z.boolean() });
export type StaffRoleInput = z.infer<typeof staffRoleInputSchema>;

export const staffMessages = {
  notFound: 'Staff member not found.',
  duplicateEmail: 'A staff member with this email already exists.',
  coachOwnerOnly: 'Only an owner can change the coach flag.',
  permissionsOwnerOnly: 'Only an owner can change permissions.',
  ownerOnly: 'Only an owner can do this.',
  lastOwner: 'The gym needs at least one active owner: make someone else an owner first.',
  emailThroughEditLogin: 'This person has activated their login: they change their email with Edit Login.',
  emailTaken: 'This email belongs to another Spotter account.',
} as const;
