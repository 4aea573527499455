// What other features use of appointments (eslint: a feature imports another only through its index).
export { BookAppointmentSection } from './components/book-appointment-section';
export { useAppointmentSlots } from './api/appointments';
