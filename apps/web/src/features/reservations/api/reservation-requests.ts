import type { EventKind } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import type { ReservationUpdatePayload } from '../lib/charge-rules';

// Spec 7.3: class reservations are athlete-kilo-classes, appointment reservations athlete-appointments.

/** PUT a reservation: check in or out, or Mark Late Cancel / Mark No Show with the charge terms. */
export function updateReservation(kind: EventKind, reservationId: string, body: ReservationUpdatePayload) {
  return kind === 'class'
    ? callEndpoint('updateClassReservation', { params: { athleteKiloClassId: reservationId }, body })
    : callEndpoint('updateAppointmentReservation', { params: { athleteAppointmentId: reservationId }, body });
}

/** A walk-in: not reserved, checked in, with the id the client made (decision 005: a retry cannot create two). */
export function createWalkIn(kind: EventKind, eventId: string, athleteId: string, walkInId: string) {
  const flags = { athlete: athleteId, isReserved: false, isCheckedIn: true };
  return kind === 'class'
    ? callEndpoint('createClassReservation', { body: { athleteKiloClassId: walkInId, kiloClass: eventId, ...flags } })
    : callEndpoint('createAppointmentReservation', { body: { athleteAppointmentId: walkInId, appointment: eventId, ...flags } });
}

export function deleteReservation(kind: EventKind, reservationId: string) {
  return kind === 'class'
    ? callEndpoint('deleteClassReservation', { params: { athleteKiloClassId: reservationId } })
    : callEndpoint('deleteAppointmentReservation', { params: { athleteAppointmentId: reservationId } });
}
