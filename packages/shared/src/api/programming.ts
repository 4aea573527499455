import { z } from 'zod';
import { gymCountries } from '../roles';
import { isoDateSchema, uuidSchema } from './common';

/**
 * Issue 16 programming (spec 2.7 `/calendar/programming`): the workout of the day of each class type, as rich text
 * that the server sanitises before storing it. Content that is empty by spec 5's rule deletes the day's workout.
 */
export const programmingMessages = {
  rangeTooLong: 'Show at most 42 days at once.',
  endBeforeStart: 'The end date cannot be before the start date.',
  classTypeNotFound: 'Class type not found.',
  classTypeArchived: 'This class type is archived; restore it first.',
  workoutNotFound: 'There is no workout for this class type on this day.',
  titleTooLong: 'The title is at most 120 characters.',
  contentTooLong: 'The workout is too long: at most 20,000 characters.',
  saved: 'Workout saved',
  deleted: 'Workout deleted',
} as const;

/** The longest range the programming list answers (a month view with its edges, as the calendar). */
export const PROGRAMMING_MAX_DAYS = 42;
export const WORKOUT_TITLE_MAX = 120;
export const WORKOUT_CONTENT_MAX = 20_000;

export const workoutSchema = z.object({
  workoutId: z.uuid(),
  classTypeId: z.uuid(),
  date: z.string(),
  title: z.string(),
  /** Sanitised HTML (p, br, strong, em, u, s, h1–h6, ul, ol, li, blockquote, a, text-align). */
  content: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type Workout = z.infer<typeof workoutSchema>;

export const programmingClassTypeSchema = z.object({ classTypeId: z.uuid(), name: z.string(), color: z.string() });
export type ProgrammingClassType = z.infer<typeof programmingClassTypeSchema>;

export const workoutsQuerySchema = z.object({
  /** First and last local date, inclusive; by default the week (Monday to Sunday) of the gym's today, or 7 days from `start`. */
  start: isoDateSchema.optional(),
  end: isoDateSchema.optional(),
  classTypeId: uuidSchema.optional(),
});
export type WorkoutsQuery = z.infer<typeof workoutsQuerySchema>;

export const workoutsAnswerSchema = z.object({
  timeZone: z.string(),
  country: z.enum(gymCountries),
  /** The gym's today, so the week picker starts there. */
  today: z.string(),
  start: z.string(),
  end: z.string(),
  /** The gym's class types that are not archived, by name: the rows of the grid. */
  classTypes: z.array(programmingClassTypeSchema),
  results: z.array(workoutSchema),
});
export type WorkoutsAnswer = z.infer<typeof workoutsAnswerSchema>;

export const workoutParamsSchema = z.object({ classTypeId: uuidSchema, date: isoDateSchema });

export const saveWorkoutInputSchema = z.object({
  classTypeId: uuidSchema,
  /** The local date of the workout. */
  date: isoDateSchema,
  title: z.string().trim().max(WORKOUT_TITLE_MAX, programmingMessages.titleTooLong).default(''),
  /** HTML from the editor; null or empty by spec 5 deletes the day's workout. */
  content: z.string().max(WORKOUT_CONTENT_MAX, programmingMessages.contentTooLong).nullable(),
});
export type SaveWorkoutInput = z.infer<typeof saveWorkoutInputSchema>;

/** The workout as saved, or null when empty content deleted it. */
export const saveWorkoutAnswerSchema = z.object({ workout: workoutSchema.nullable() });
export type SaveWorkoutAnswer = z.infer<typeof saveWorkoutAnswerSchema>;

/** The Monday of a local date's week: programming weeks run Monday to Sunday. */
export function weekStartOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** What an athlete sees of a class's workout (the class page). */
export const classWorkoutSchema = z.object({ title: z.string(), content: z.string() });
export type ClassWorkout = z.infer<typeof classWorkoutSchema>;
