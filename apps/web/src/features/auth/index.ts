// What other features use of auth (eslint: a feature imports another only through its index).
export { sessionQueryKey, useCurrentSession, useSession } from './api/get-session';
export { LOGOUT_FAILED, logout, useLogout } from './api/logout';
export { useClearProfile, useSelectProfile, useStopImpersonation } from './api/profile-session';
export { useChangeEmail, useChangePassword } from './api/change-login';
export { refreshSessionAfterProfileChange } from './api/session-cache';
export { sessionParser } from './api/parse-session';
export { SignInMethods } from './components/sign-in-methods';
export { useSsoLinkNotice } from './hooks/use-sso-link-notice';
export { SsoButtons } from './components/sso-buttons';
