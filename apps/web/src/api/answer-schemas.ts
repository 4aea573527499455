import {
  bannerPageSchema,
  gymSchema,
  kioskAthletePageSchema,
  kioskEventDetailSchema,
  kioskEventPageSchema,
  kioskSettingsAnswerSchema,
  okSchema,
  profilePageSchema,
} from '@spotter/shared';

/**
 * The answers read without zod (decision 014): those of the screens a front desk and an athlete open first. The build
 * turns each into JSON Schema (answer-shapes.plugin.ts); src/api/answer-shapes.ts gives them their types. Only the
 * plugin and the tests import this module itself, so zod stays out of the app's chunks.
 */
export const answerSchemas = {
  kioskEventPage: kioskEventPageSchema,
  kioskEventDetail: kioskEventDetailSchema,
  kioskAthletePage: kioskAthletePageSchema,
  kioskSettings: kioskSettingsAnswerSchema,
  gym: gymSchema,
  bannerPage: bannerPageSchema,
  profilePage: profilePageSchema,
  ok: okSchema,
};
