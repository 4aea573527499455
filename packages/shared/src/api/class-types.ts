import { z } from 'zod';
import { pageSchema } from './common';
import {
  typeDescriptionSchema,
  feeSettingsFields,
  feeSettingsInputFields,
  minutesBeforeSchema,
  setupMessages,
  setupNameSchema,
  setupStateFields,
  typeColorSchema,
} from './event-setup';

/**
 * Issue 16 `/events/classes`: a class type with what a new class of it starts with, its fees (copied onto each class,
 * and onto the classes still to come when they change), and the booking and waitlist settings the booking core reads.
 */

const whole = () => z.number({ error: setupMessages.wholeNumber }).int(setupMessages.wholeNumber);

export const classTypeInputSchema = z
  .object({
    name: setupNameSchema,
    color: typeColorSchema.default('blue'),
    description: typeDescriptionSchema,
    defaultDurationMinutes: whole().min(5, setupMessages.classDurationMin).max(1440, setupMessages.classDurationMax).default(60),
    defaultCapacity: whole().min(1, setupMessages.capacityMin).max(1000, setupMessages.capacityMax).default(12),
    ...feeSettingsInputFields,
    /** Athletes may book from this many days before the start; null: any time. */
    bookingOpensDays: whole().min(1, setupMessages.bookingOpensMin).max(365, setupMessages.bookingOpensMax).nullable().default(null),
    /** …until this many minutes before it. */
    bookingClosesMinutes: minutesBeforeSchema.default(0),
    /** An athlete's cancel from this many minutes before the start is a late cancel (with the fee). */
    lateCancelCutoffMinutes: minutesBeforeSchema.default(0),
    waitlistEnabled: z.boolean({ error: 'Choose whether the class has a waitlist.' }).default(true),
    /** At most this many in line; null: no limit. */
    waitlistSize: whole().min(1, setupMessages.waitlistSizeMin).max(1000, setupMessages.waitlistSizeMax).nullable().default(null),
    /** The first in line is promoted when a place frees up, until this many minutes before the start. */
    promotionCutoffMinutes: minutesBeforeSchema.default(0),
  })
  // Only once the days are valid: 0 days has its own message.
  .refine((v) => v.bookingOpensDays === null || v.bookingOpensDays < 1 || v.bookingClosesMinutes < v.bookingOpensDays * 1440, {
    message: setupMessages.bookingWindowEmpty,
    path: ['bookingClosesMinutes'],
  });
export type ClassTypeInput = z.infer<typeof classTypeInputSchema>;

export const classTypeSchema = z.object({
  classTypeId: z.uuid(),
  name: z.string(),
  color: z.string(),
  description: z.string(),
  defaultDurationMinutes: z.number().int(),
  defaultCapacity: z.number().int(),
  ...feeSettingsFields,
  bookingOpensDays: z.number().int().nullable(),
  bookingClosesMinutes: z.number().int(),
  lateCancelCutoffMinutes: z.number().int(),
  waitlistEnabled: z.boolean(),
  waitlistSize: z.number().int().nullable(),
  promotionCutoffMinutes: z.number().int(),
  ...setupStateFields,
  /** Classes of the type still to come and not cancelled (they take a fee change). */
  upcomingCount: z.number().int(),
});
export type ClassType = z.infer<typeof classTypeSchema>;
export const classTypePageSchema = pageSchema(classTypeSchema);

/** A saved type, and how many classes still to come took its new fees or tax rate. */
export const classTypeSavedSchema = z.object({ classType: classTypeSchema, eventsUpdated: z.number().int() });
export type ClassTypeSaved = z.infer<typeof classTypeSavedSchema>;
