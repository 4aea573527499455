// The messages module's surface: what other modules use. Another module imports only from '../messages' (issue 33 item 7,
// decision 048); files inside the module import each other directly.
export { composeMail, composeMails, gymIdentityOf, withGymIdentity } from './compose';
export type { ComposeItem } from './compose';
