import type { EventKind } from '@spotter/shared';

/** Spec 7.3: class reservations are athlete-kilo-classes, appointment reservations athlete-appointments. */
export const reservationBase = (kind: EventKind) => (kind === 'class' ? '/athlete-kilo-classes/' : '/athlete-appointments/');
export const reservationPath = (kind: EventKind, reservationId: string) => `${reservationBase(kind)}${reservationId}/`;
