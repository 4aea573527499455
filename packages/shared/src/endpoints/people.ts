import { access } from '../access';
import { idParamsSchema } from '../api/common';
import {
  athleteSchema,
  gymSchema,
  kiloStaffSchema,
  staffSchema,
  updateAthleteInputSchema,
  updateKiloStaffSelfInputSchema,
  updateStaffSelfInputSchema,
} from '../api/people';
import { defineEndpoint } from '../endpoint';

const tags = ['account'];

/** Spec 2.13 and 7.2: the account details of staff, platform staff and athletes, and the gym. */
export const peopleEndpoints = {
  staffSelf: defineEndpoint({
    method: 'GET',
    path: '/api/staff/self',
    access: access.staffOrOwner,
    tags,
    summary: "The caller's own staff account",
    answers: { 200: staffSchema },
  }),
  updateStaffSelf: defineEndpoint({
    method: 'PUT',
    path: '/api/staff/self/',
    access: access.staffOrOwner,
    tags,
    summary: 'Update the own staff account (spec 5 rules; only an owner changes the coach flag)',
    body: updateStaffSelfInputSchema,
    answers: { 200: staffSchema },
  }),
  kiloStaffSelf: defineEndpoint({
    method: 'GET',
    path: '/api/kilo-staff/self',
    access: access.platformWithSales,
    tags,
    summary: "The caller's own platform staff account",
    answers: { 200: kiloStaffSchema },
  }),
  updateKiloStaffSelf: defineEndpoint({
    method: 'PUT',
    path: '/api/kilo-staff/self/',
    access: access.platformWithSales,
    tags,
    summary: 'Update the own platform staff name (the email is changed through Edit Login)',
    body: updateKiloStaffSelfInputSchema,
    answers: { 200: kiloStaffSchema },
  }),
  athlete: defineEndpoint({
    method: 'GET',
    path: '/api/athletes/:athleteId/',
    access: access.athleteView,
    tags,
    summary: 'An athlete of the caller’s gym (athletes: only themselves)',
    params: idParamsSchema('athleteId'),
    answers: { 200: athleteSchema },
  }),
  updateAthlete: defineEndpoint({
    method: 'PUT',
    path: '/api/athletes/:athleteId/',
    access: access.athlete,
    tags,
    summary: 'An athlete updates their own details',
    params: idParamsSchema('athleteId'),
    body: updateAthleteInputSchema,
    answers: { 200: athleteSchema },
  }),
  gym: defineEndpoint({
    method: 'GET',
    path: '/api/gyms/:gymId/',
    access: access.gymProfile,
    tags,
    summary: "The caller's gym",
    params: idParamsSchema('gymId'),
    answers: { 200: gymSchema },
  }),
};
