import { access } from '../access';
import { idParamsSchema } from '../api/common';
import { profilePictureResponseSchema } from '../api/people';
import { defineEndpoint } from '../endpoint';

const tags = ['account'];

/** Spec 7.2: profile pictures for gyms, platform staff, staff and athletes, each one file in the field `file`. */
export const uploadsEndpoints = {
  gymPicture: defineEndpoint({
    method: 'POST',
    path: '/api/gyms/:gymId/profile-picture/',
    access: { kind: 'profile', roles: ['staff', 'owner'], permission: 'GymMutate' },
    tags,
    summary: "The gym's logo (owner, or staff with GymMutate)",
    params: idParamsSchema('gymId'),
    upload: true,
    answers: { 200: profilePictureResponseSchema },
  }),
  kiloStaffPicture: defineEndpoint({
    method: 'POST',
    path: '/api/kilo-staff/:kiloStaffId/profile-picture/',
    access: access.platformWithSales,
    tags,
    summary: "A platform staff member's own picture",
    params: idParamsSchema('kiloStaffId'),
    upload: true,
    answers: { 200: profilePictureResponseSchema },
  }),
  staffPicture: defineEndpoint({
    method: 'POST',
    path: '/api/staff/:staffId/profile-picture/',
    access: access.staffOrOwner,
    tags,
    summary: "A staff member's picture (their own; an owner: any of the gym's staff)",
    params: idParamsSchema('staffId'),
    upload: true,
    answers: { 200: profilePictureResponseSchema },
  }),
  athletePicture: defineEndpoint({
    method: 'POST',
    path: '/api/athletes/:athleteId/profile-picture/',
    access: access.athleteView,
    tags,
    summary: "An athlete's picture (their own; staff with AthleteView: the gym's athletes)",
    params: idParamsSchema('athleteId'),
    upload: true,
    answers: { 200: profilePictureResponseSchema },
  }),
};
