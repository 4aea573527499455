import { z } from 'zod';
import { isoDateSchema, pageSchema, queryBooleanSchema, searchTermSchema, uuidSchema } from './common';
import { attendeeSchema, eventKindSchema, eventSummarySchema } from './events';
import { ELIGIBLE_ATHLETES_PAGE_SIZE, KIOSK_PAGE_LIMIT } from './limits';
import { defaultSelfCheckInWindow, MAX_SELF_CHECK_IN_MINUTES, selfCheckInMessages, type SelfCheckInWindow } from '../rules/reservations';

// In a module of their own, without zod: the web app's kiosk screens use them, and not the schemas (decision 014).
export * from './limits';

/** Spec 2.11 and 2.12: what the front-desk kiosk reads. */

export const kioskEventSchema = eventSummarySchema.extend({
  athleteKiloClasses: z.array(attendeeSchema),
  athleteAppointments: z.array(attendeeSchema),
});
export type KioskEvent = z.infer<typeof kioskEventSchema>;
export const kioskEventPageSchema = pageSchema(kioskEventSchema);

export const kioskEventsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(KIOSK_PAGE_LIMIT).default(KIOSK_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  search: searchTermSchema,
  /** Gym-local day; today in the gym's zone when absent. */
  date: isoDateSchema.optional(),
  eventType: eventKindSchema.optional(),
});
export type KioskEventsQuery = z.infer<typeof kioskEventsQuerySchema>;

export const noteSchema = z.object({ noteId: z.uuid(), title: z.string(), content: z.string(), updatedAt: z.string() });
export type Note = z.infer<typeof noteSchema>;

/** Spec 3 Athlete summary plus the reservation the kiosk acts on (null when the athlete has none). */
export const kioskAthleteSchema = z.object({
  athleteId: z.uuid(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
  /** Pinned notes (staff only). */
  notes: z.array(noteSchema),
  isReserved: z.boolean(),
  isCheckedIn: z.boolean(),
  hasPastDueBills: z.boolean(),
  hasUnsignedDocuments: z.boolean(),
  reservationId: z.uuid().nullable(),
  isLateCancel: z.boolean(),
  isNoShow: z.boolean(),
  isCredited: z.boolean(),
  registrationDatetime: z.string().nullable(),
});
export type KioskAthlete = z.infer<typeof kioskAthleteSchema>;

export const kioskEventDetailQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(KIOSK_PAGE_LIMIT).default(KIOSK_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  eventType: eventKindSchema.optional(),
  /** Spec 4 excludes late-cancelled and no-show athletes; true includes them, flagged. */
  includeCancelled: queryBooleanSchema.optional(),
});
export type KioskEventDetailQuery = z.infer<typeof kioskEventDetailQuerySchema>;
export const kioskEventDetailSchema = pageSchema(kioskAthleteSchema).extend({ event: eventSummarySchema });
export type KioskEventDetail = z.infer<typeof kioskEventDetailSchema>;

export const eligibleAthletesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(ELIGIBLE_ATHLETES_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  class: uuidSchema.optional(),
  search: searchTermSchema,
});
export type EligibleAthletesQuery = z.infer<typeof eligibleAthletesQuerySchema>;
export const kioskAthletePageSchema = pageSchema(kioskAthleteSchema);

/** Minutes of the self check-in window (an absent value, as sent before issue 32, is the default). */
const selfCheckInMinutes = (fallback: number) =>
  z
    .number({ error: selfCheckInMessages.minutes })
    .int(selfCheckInMessages.minutes)
    .min(0, selfCheckInMessages.minutes)
    .max(MAX_SELF_CHECK_IN_MINUTES, selfCheckInMessages.minutes)
    .default(fallback);

/** The kiosk (issue 22): what athlete mode shows, and whether an athlete with no covering package may walk in; the self check-in window (issue 32). */
export const kioskSettingsSchema = z.object({
  /** Athlete mode offers the Appointments tab (else classes only). */
  athleteModeShowsAppointments: z.boolean(),
  /** Athlete mode shows the athletes' profile pictures (else initials). */
  athleteModeShowsPhotos: z.boolean(),
  /** Athlete mode offers the Eligible tab, where an athlete not booked can walk in by themselves. */
  athleteModeShowsEligible: z.boolean(),
  /**
   * Off: a walk-in of an athlete with no package covering the class is refused (kioskMessages.walkInNeedsPackage),
   * at the desk and in athlete mode alike; staff sell a package first. On: the walk-in is recorded, uncredited.
   */
  allowWalkInsWithoutPackage: z.boolean(),
  /**
   * Issue 32: an athlete checks themselves in (their app, athlete mode) from this many minutes before the start
   * (rules/reservations.ts selfCheckInRefusal)…
   */
  selfCheckInOpensMinutes: selfCheckInMinutes(defaultSelfCheckInWindow.opensMinutes),
  /** …until this many minutes after the end. */
  selfCheckInClosesMinutes: selfCheckInMinutes(defaultSelfCheckInWindow.closesMinutes),
});
export type KioskSettings = z.infer<typeof kioskSettingsSchema>;
export const defaultKioskSettings: KioskSettings = {
  athleteModeShowsAppointments: true,
  athleteModeShowsPhotos: true,
  athleteModeShowsEligible: true,
  allowWalkInsWithoutPackage: true,
  selfCheckInOpensMinutes: defaultSelfCheckInWindow.opensMinutes,
  selfCheckInClosesMinutes: defaultSelfCheckInWindow.closesMinutes,
};
/** The self check-in window the settings describe. */
export const selfCheckInWindowOf = (s: Pick<KioskSettings, 'selfCheckInOpensMinutes' | 'selfCheckInClosesMinutes'>): SelfCheckInWindow => ({
  opensMinutes: s.selfCheckInOpensMinutes,
  closesMinutes: s.selfCheckInClosesMinutes,
});
export const kioskSettingsMessages = {
  walkInNeedsPackage: (name: string) => `${name} has no package that covers this class. Please see the front desk.`,
} as const;

/** What the kiosk reads (staff holding Kiosk) and the settings page shows: the settings as kept, every field present. */
export const kioskSettingsAnswerSchema = kioskSettingsSchema.extend({ selfCheckInOpensMinutes: z.number().int(), selfCheckInClosesMinutes: z.number().int() });
