// The sales-portal module's surface: what other modules use. Another module imports only from '../sales-portal' (issue 33 item 7,
// decision 048); files inside the module import each other directly.
export { findOpenPortal } from './sales-portal.repository';
export { ensureAthleteProfile } from './sales-portal.service';
