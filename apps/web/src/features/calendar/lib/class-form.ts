import { calendarMessages, capacitySchema, durationSchema, type CalendarOptions, type CreateClassInput, type CreateSeriesInput } from '@spotter/shared';

export type Repeat = 'once' | 'weekly';

export type ClassFormValues = {
  classTypeId: string | null;
  repeat: Repeat;
  /** The one-off class's date, or the series' first date. */
  date: string | null;
  lastDate: string | null;
  /** ISO weekdays as strings ('1' = Monday … '7' = Sunday), as the chips hold them. */
  weekdays: string[];
  interval: string;
  startTime: string;
  durationMinutes: number | string;
  capacity: number | string;
  coachIds: string[];
  locationId: string | null;
  roomId: string | null;
};

export const CLASS_TYPE_REQUIRED = 'Choose a class type.';
export const DATE_REQUIRED = 'Choose a date.';
export const TIME_REQUIRED = 'Choose a start time.';

export const DURATION_REQUIRED = 'Enter the duration in minutes.';
export const CAPACITY_REQUIRED = 'Enter the capacity.';

/** The first message a shared schema gives a value, `required` when it is empty, or null when it passes. */
export function schemaError(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
  required: string,
): string | null {
  if (value === '' || value === null || value === undefined) return required;
  const result = schema.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

/** The times a form holds are HH:MM (the picker may add seconds). */
export const hhmm = (time: string) => time.slice(0, 5);

/** The create form's rules, with the server's texts (packages/shared calendarMessages). */
export function validateClassForm(values: ClassFormValues, today: string): Partial<Record<keyof ClassFormValues, string | null>> {
  const weekly = values.repeat === 'weekly';
  const dateError = !values.date ? DATE_REQUIRED : values.date < today ? (weekly ? calendarMessages.firstDateInPast : calendarMessages.dateInPast) : null;
  return {
    classTypeId: values.classTypeId ? null : CLASS_TYPE_REQUIRED,
    date: dateError,
    weekdays: weekly && values.weekdays.length === 0 ? calendarMessages.weekdaysRequired : null,
    lastDate: weekly && values.lastDate && values.date && values.lastDate < values.date ? calendarMessages.lastBeforeFirst : null,
    startTime: /^\d{2}:\d{2}/.test(values.startTime) ? null : TIME_REQUIRED,
    durationMinutes: schemaError(durationSchema, values.durationMinutes, DURATION_REQUIRED),
    capacity: schemaError(capacitySchema, values.capacity, CAPACITY_REQUIRED),
  };
}

export type ClassFormSubmission = { kind: 'series'; body: CreateSeriesInput } | { kind: 'class'; body: CreateClassInput };

/** What the form sends: a weekly series (createSeries) or a one-off class (createClass). */
export function toSubmission(values: ClassFormValues): ClassFormSubmission {
  const common = {
    classTypeId: values.classTypeId!,
    startTime: hhmm(values.startTime),
    durationMinutes: Number(values.durationMinutes),
    capacity: Number(values.capacity),
    coachIds: values.coachIds,
    locationId: values.locationId,
    roomId: values.roomId,
  };
  if (values.repeat === 'once') return { kind: 'class', body: { ...common, date: values.date! } };
  return {
    kind: 'series',
    body: {
      ...common,
      weekdays: values.weekdays.map(Number).sort((a, b) => a - b),
      firstDate: values.date!,
      lastDate: values.lastDate || null,
      interval: Number(values.interval),
    },
  };
}

/** A class type's defaults (spec: the type pre-fills the duration and the capacity). */
export function typeDefaults(options: CalendarOptions, classTypeId: string | null) {
  const type = options.classTypes.find((t) => t.classTypeId === classTypeId);
  return type ? { durationMinutes: type.defaultDurationMinutes, capacity: type.defaultCapacity } : null;
}
