import { z } from 'zod';
import { pageSchema, uuidSchema } from './common';
import {
  typeDescriptionSchema,
  feeSettingsFields,
  feeSettingsInputFields,
  minutesBeforeSchema,
  priceMinorSchema,
  setupMessages,
  setupNameSchema,
  setupStateFields,
  typeColorSchema,
} from './event-setup';

/**
 * Issue 16 `/events/appointments`: an appointment type (personal training, an intro session): its length, price,
 * buffer, places, cancellation settings, and the coaches who offer it.
 */

const whole = () => z.number({ error: setupMessages.wholeNumber }).int(setupMessages.wholeNumber);

export const appointmentTypeInputSchema = z.object({
  name: setupNameSchema,
  color: typeColorSchema.default('cyan'),
  description: typeDescriptionSchema,
  durationMinutes: whole().min(5, setupMessages.appointmentDurationMin).max(1440, setupMessages.appointmentDurationMax).default(60),
  priceMinor: priceMinorSchema.default(0),
  /** Time kept free after each appointment: the coach is busy until its end plus this. */
  bufferMinutes: whole().min(0, setupMessages.minutesNegative).max(240, setupMessages.bufferMax).default(0),
  capacity: whole().min(1, setupMessages.capacityMin).max(1000, setupMessages.capacityMax).default(1),
  lateCancelCutoffMinutes: minutesBeforeSchema.default(0),
  ...feeSettingsInputFields,
  /** The coaches who offer it (the set is replaced on update). */
  coachIds: z
    .array(uuidSchema)
    .max(100)
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, setupMessages.coachTwice),
});
export type AppointmentTypeInput = z.infer<typeof appointmentTypeInputSchema>;

export const appointmentTypeSchema = z.object({
  appointmentTypeId: z.uuid(),
  name: z.string(),
  color: z.string(),
  description: z.string(),
  durationMinutes: z.number().int(),
  priceMinor: z.number().int(),
  bufferMinutes: z.number().int(),
  capacity: z.number().int(),
  lateCancelCutoffMinutes: z.number().int(),
  ...feeSettingsFields,
  /** By name. */
  coaches: z.array(z.object({ staffId: z.uuid(), fullName: z.string() })),
  ...setupStateFields,
  /** Appointments of the type still to come and not cancelled (they take a fee change). */
  upcomingCount: z.number().int(),
});
export type AppointmentType = z.infer<typeof appointmentTypeSchema>;
export const appointmentTypePageSchema = pageSchema(appointmentTypeSchema);

export const appointmentTypeSavedSchema = z.object({ appointmentType: appointmentTypeSchema, eventsUpdated: z.number().int() });
export type AppointmentTypeSaved = z.infer<typeof appointmentTypeSavedSchema>;
