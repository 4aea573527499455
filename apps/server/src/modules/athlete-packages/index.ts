// The athlete-packages module's surface: what other modules use. Another module imports only from '../athlete-packages' (issue 33 item 7,
// decision 048); files inside the module import each other directly.
export { renewPackage, sellPackage } from './athlete-packages.service';
export { checkEligibility, checkEligibilityMany, coveredAppointmentTypes } from './eligibility';
export { creditReservation, deductBooking, restoreCredits, settleMarkCredits } from './ledger';
