// The reservations module's surface: what other modules use. Another module imports only from '../reservations' (issue 33 item 7,
// decision 048); files inside the module import each other directly.
export { createdEvent } from './booking-events';
export { cancelledMail, changedMail, queueBookingMails, recipientsOf } from './booking-mail';
export { waitlistPositionSql } from './reservations.repository';
export {
  createReservation,
  deleteReservation,
  eligibleAthlete,
  lockCoachesAndRooms,
  placesHeld,
  promoteFromWaitlist,
  releaseBookings,
  withEventLock,
} from './reservations.service';
export type { ReservationsContext, ScheduleContext, Writer } from './reservations.service';
