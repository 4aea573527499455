import { access } from '../access';
import { okSchema } from '../api/common';
import { activationInputSchema, resetPasswordConfirmInputSchema, resetPasswordInputSchema } from '../api/accounts';
import { defineEndpoint } from '../endpoint';

const tags = ['auth'];

/** Password reset and account activation: the logged-out pages of spec 2.1. */
export const accountsEndpoints = {
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/users/reset_password/',
    access: access.anyone,
    tags,
    summary: 'Mail a single-use password reset link; answers the same whether the email exists or not',
    body: resetPasswordInputSchema,
    answers: { 200: okSchema },
  }),
  resetPasswordConfirm: defineEndpoint({
    method: 'POST',
    path: '/api/auth/users/reset_password_confirm/',
    access: access.anyone,
    tags,
    summary: "Set a new password with a reset link's uid and token; ends every session of the user",
    body: resetPasswordConfirmInputSchema,
    answers: { 200: okSchema },
  }),
  activateAccount: defineEndpoint({
    method: 'POST',
    path: '/api/auth/users/activation/',
    access: access.anyone,
    tags,
    summary: "Activate an account with an activation link's uid and token",
    body: activationInputSchema,
    answers: { 200: okSchema },
  }),
  resendActivation: defineEndpoint({
    method: 'POST',
    path: '/api/auth/users/resend_activation/',
    access: access.anyone,
    tags,
    summary: 'Mail a new activation link to an inactive account; answers the same whatever the email',
    body: resetPasswordInputSchema,
    answers: { 200: okSchema },
  }),
};
