// The accounts module's surface: what other modules use. Another module imports only from '../accounts' (issue 33 item 7,
// decision 048); files inside the module import each other directly.
export { accountMailTarget } from './account-mail';
export { issueToken } from './accounts.repository';
export { changeLogin, changePassword, queueActivation, sendActivation } from './accounts.service';
