import type { EventKind, EventType } from '@spotter/shared';

/** The URL's eventType (class or appointment) of an event's type. */
export const eventKindOf = (type: EventType): EventKind => (type === 'kilo_class_type' ? 'class' : 'appointment');

/** ?eventType=class|appointment; anything else is a class. */
export const parseEventKind = (value: string | null): EventKind => (value === 'appointment' ? 'appointment' : 'class');
