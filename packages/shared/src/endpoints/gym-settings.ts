import { access } from '../access';
import { idParamsSchema, okSchema } from '../api/common';
import { gymBannerInputSchema, gymBannerListQuerySchema, gymBannerPageSchema, gymBannerSchema } from '../api/banners';
import {
  classDefaultsSchema,
  emailIdentityInputSchema,
  gymProfileSettingsInputSchema,
  gymRegionSettingsInputSchema,
  gymPayrollSettingsInputSchema,
  gymSettingsSchema,
  gymTaxSettingsInputSchema,
} from '../api/gym-settings';
import { kioskSettingsAnswerSchema, kioskSettingsSchema } from '../api/kiosk';
import { defineEndpoint } from '../endpoint';

const tags = ['gym-settings'];
const bannerParams = idParamsSchema('bannerId');

/**
 * Issue 22 (decision 036): `/gym-settings` (spec 6 GymMutate, enforced here), each section saved on its own, and the
 * gym's banners. The kiosk reads its own settings (Kiosk).
 */
export const gymSettingsEndpoints = {
  gymSettings: defineEndpoint({
    method: 'GET',
    path: '/api/gym-settings/',
    access: access.gymMutate,
    tags,
    summary: "The caller's gym's settings, every section",
    answers: { 200: gymSettingsSchema },
  }),
  updateGymProfileSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/gym-settings/profile/',
    access: access.gymMutate,
    tags,
    summary: "Profile: title, email, phone and address (the region and postcode of the gym's country). The logo: POST /api/gyms/{gymId}/profile-picture/",
    body: gymProfileSettingsInputSchema,
    answers: { 200: gymSettingsSchema },
  }),
  updateGymRegionSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/gym-settings/region/',
    access: access.gymMutate,
    tags,
    summary: 'Region: country (clears the region and postcode when it changes) and IANA time zone. Booked classes keep their instants',
    body: gymRegionSettingsInputSchema,
    answers: { 200: gymSettingsSchema },
  }),
  updateGymTaxSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/gym-settings/tax/',
    access: access.gymMutate,
    tags,
    summary: "Tax: whether prices include tax (spec 9) and the classes' default tax rate (eventSettings.classes.taxRate)",
    body: gymTaxSettingsInputSchema,
    answers: { 200: gymSettingsSchema },
  }),
  updateGymClassDefaults: defineEndpoint({
    method: 'PUT',
    path: '/api/gym-settings/class-defaults/',
    access: access.gymMutate,
    tags,
    summary: 'What a new class type starts with: booking window, late-cancel cut-off, fees, credit deductions, waitlist',
    body: classDefaultsSchema,
    answers: { 200: gymSettingsSchema },
  }),
  updateGymKioskSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/gym-settings/kiosk/',
    access: access.gymMutate,
    tags,
    summary: 'Kiosk: what athlete mode shows, whether walk-ins without a package are allowed, and when athletes may check themselves in',
    body: kioskSettingsSchema,
    answers: { 200: gymSettingsSchema },
  }),
  updateGymPayrollSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/gym-settings/payroll/',
    access: access.gymMutate,
    tags,
    summary: 'Payroll: whether a class cancelled before it started is still paid to its coach at their rate (off: it pays nothing)',
    body: gymPayrollSettingsInputSchema,
    answers: { 200: gymSettingsSchema },
  }),
  updateGymEmailIdentity: defineEndpoint({
    method: 'PUT',
    path: '/api/gym-settings/email-identity/',
    access: access.gymMutate,
    tags,
    summary: "Email identity: the sender name and reply-to of every mail the gym's members get (spec 5 rules)",
    body: emailIdentityInputSchema,
    answers: { 200: gymSettingsSchema },
  }),
  kioskSettings: defineEndpoint({
    method: 'GET',
    path: '/api/kiosk/settings/',
    access: access.kiosk,
    tags,
    summary: "The kiosk's settings of the caller's gym",
    answers: { 200: kioskSettingsAnswerSchema },
  }),
  gymBanners: defineEndpoint({
    method: 'GET',
    path: '/api/gym-banners/',
    access: access.gymMutate,
    tags,
    summary: "The gym's own banners (scheduled, showing, ended), newest first",
    query: gymBannerListQuerySchema,
    answers: { 200: gymBannerPageSchema },
  }),
  createGymBanner: defineEndpoint({
    method: 'POST',
    path: '/api/gym-banners/',
    access: access.gymMutate,
    tags,
    summary: 'Create a banner, shown from its start (or at once) until its end (or until ended)',
    body: gymBannerInputSchema,
    answers: { 201: gymBannerSchema },
  }),
  updateGymBanner: defineEndpoint({
    method: 'PUT',
    path: '/api/gym-banners/:bannerId/',
    access: access.gymMutate,
    tags,
    summary: 'Edit a banner that has not ended',
    params: bannerParams,
    body: gymBannerInputSchema,
    answers: { 200: gymBannerSchema },
  }),
  endGymBanner: defineEndpoint({
    method: 'POST',
    path: '/api/gym-banners/:bannerId/end/',
    access: access.gymMutate,
    tags,
    summary: 'End a banner now: nobody is shown it again',
    params: bannerParams,
    answers: { 200: okSchema },
  }),
};
