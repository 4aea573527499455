// The staff module's surface: what other modules use. Another module imports only from '../staff' (issue 33 item 7,
// decision 048); files inside the module import each other directly.
export { staffActorOf } from './staff-actor';
export { saveStaffProfile } from './staff.service';
export { toStaff } from './staff.repository';
