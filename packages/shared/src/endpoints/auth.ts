import { access } from '../access';
import { okSchema } from '../api/common';
import {
  changeEmailInputSchema,
  changePasswordInputSchema,
  csrfResponseSchema,
  impersonateInputSchema,
  loginInputSchema,
  selectProfileInputSchema,
  sessionSchema,
} from '../api/auth';
import { defineEndpoint } from '../endpoint';

const tags = ['auth'];

/** Spec 7.1: the session, its profile, impersonation and the login's own email and password. */
export const authEndpoints = {
  csrf: defineEndpoint({
    method: 'GET',
    path: '/api/auth/csrf/',
    access: access.anyone,
    tags,
    summary: 'Issue a CSRF token (also set as the csrftoken cookie)',
    answers: { 200: csrfResponseSchema },
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/auth/login/',
    access: access.anyone,
    tags,
    summary: 'Log in with email and password; enters the default profile when there is one',
    body: loginInputSchema,
    answers: { 200: sessionSchema },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/auth/logout/',
    access: access.anyone,
    tags,
    summary: 'Log out: deletes the server-side session',
    answers: { 200: okSchema },
  }),
  session: defineEndpoint({
    method: 'GET',
    path: '/api/auth/session/',
    access: access.user,
    duringHandOff: true,
    tags,
    summary: 'The current session ("me"); 401 when logged out',
    answers: { 200: sessionSchema },
  }),
  selectProfile: defineEndpoint({
    method: 'POST',
    path: '/api/auth/select-profile/',
    access: access.user,
    tags,
    summary: "Choose one of the user's own or linked profiles",
    body: selectProfileInputSchema,
    answers: { 200: sessionSchema },
  }),
  clearProfile: defineEndpoint({
    method: 'DELETE',
    path: '/api/auth/clear-profile/',
    access: access.user,
    tags,
    summary: 'Leave the chosen profile (Switch Profiles)',
    answers: { 200: sessionSchema },
  }),
  impersonate: defineEndpoint({
    method: 'POST',
    path: '/api/auth/impersonate/',
    access: access.platformWithSales,
    tags,
    summary: 'Platform staff: act as a gym profile (new session id, audited)',
    body: impersonateInputSchema,
    answers: { 200: sessionSchema },
  }),
  stopImpersonation: defineEndpoint({
    method: 'DELETE',
    path: '/api/auth/stop-impersonation/',
    access: access.user,
    tags,
    summary: 'End an impersonation and return to the platform profile',
    answers: { 200: sessionSchema },
  }),
  changeEmail: defineEndpoint({
    method: 'POST',
    path: '/api/auth/change-email/',
    access: access.user,
    tags,
    summary: 'Change the login email (spec 5 rules)',
    body: changeEmailInputSchema,
    answers: { 200: sessionSchema },
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/change-password/',
    access: access.user,
    tags,
    summary: "Change the password (spec 5 rules); ends the user's other sessions",
    body: changePasswordInputSchema,
    answers: { 200: okSchema },
  }),
};
