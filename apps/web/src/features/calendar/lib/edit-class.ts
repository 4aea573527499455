import { calendarMessages, capacitySchema, durationSchema, type CalendarEvent, type ChangeScope, type UpdateClassInput } from '@spotter/shared';
import { CAPACITY_REQUIRED, DATE_REQUIRED, DURATION_REQUIRED, hhmm, schemaError, TIME_REQUIRED } from './class-form';

export type EditClassValues = {
  scope: ChangeScope;
  date: string | null;
  startTime: string;
  durationMinutes: number | string;
  capacity: number | string;
  coachIds: string[];
  locationId: string | null;
  roomId: string | null;
};

export function editInitialValues(event: CalendarEvent): EditClassValues {
  return {
    scope: 'this',
    date: event.startDate,
    startTime: hhmm(event.startTime),
    durationMinutes: event.duration,
    capacity: event.capacity,
    coachIds: event.coaches.map((c) => c.staffId),
    locationId: event.location?.locationId ?? null,
    roomId: event.room?.roomId ?? null,
  };
}

/** The edit form's rules, with the server's texts. */
export function validateEdit(values: EditClassValues, event: CalendarEvent, today: string) {
  const dateChanged = values.scope === 'this' && values.date !== event.startDate;
  return {
    date: values.scope !== 'this' ? null : !values.date ? DATE_REQUIRED : dateChanged && values.date < today ? calendarMessages.dateInPast : null,
    startTime: /^\d{2}:\d{2}/.test(values.startTime) ? null : TIME_REQUIRED,
    durationMinutes: schemaError(durationSchema, values.durationMinutes, DURATION_REQUIRED),
    capacity: schemaError(capacitySchema, values.capacity, CAPACITY_REQUIRED),
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * What a change sends: the scope and only the fields that differ from the class as it is (fields left out stay as
 * they are, in every class of the scope). A new date only for this class. Null when nothing changed.
 */
export function toUpdateInput(values: EditClassValues, event: CalendarEvent): UpdateClassInput | null {
  const before = editInitialValues(event);
  const body: UpdateClassInput = { scope: values.scope };
  if (values.scope === 'this' && values.date && values.date !== before.date) body.date = values.date;
  if (hhmm(values.startTime) !== before.startTime) body.startTime = hhmm(values.startTime);
  if (Number(values.durationMinutes) !== before.durationMinutes) body.durationMinutes = Number(values.durationMinutes);
  if (Number(values.capacity) !== before.capacity) body.capacity = Number(values.capacity);
  if (!sameList(values.coachIds, before.coachIds)) body.coachIds = values.coachIds;
  if (values.locationId !== before.locationId) body.locationId = values.locationId;
  if (values.roomId !== before.roomId) body.roomId = values.roomId;
  return Object.keys(body).length > 1 ? body : null;
}
