// The auth module's surface: what other modules use. Another module imports only from '../auth' (issue 33 item 7,
// decision 048); files inside the module import each other directly.
export { findEnterableProfile, findUserByEmail, findUserById, toSessionResponse } from './auth.repository';
export { checkCredentials, verifyThrottled } from './credentials';
export { endProfileSessions, endSession, endUserSessions, enterProfile, setSigningDocument } from './sessions.commands';
export { refuseWhileImpersonating } from './impersonation';
export { openLoginSession } from './sign-in';
export { loginThrottleOf } from './throttle';
