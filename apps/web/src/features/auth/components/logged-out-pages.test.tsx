import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ACTIVATION_LINK_INVALID_MESSAGE, RESET_LINK_INVALID_MESSAGE, RESET_REQUESTED_MESSAGE, messages } from '@spotter/shared';
import { render } from '../../../testing/render';
import { bodyOf, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { ActivatePage } from './activate-page';
import { ResetPasswordConfirmPage, validateNewPassword } from './reset-password-confirm-page';
import { ResetPasswordPage } from './reset-password-page';
import { SocialLoginErrorPage } from './social-login-error-page';

afterEach(() => vi.unstubAllGlobals());

describe('/reset-password', () => {
  it('validates the email with the spec 5 messages', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    render(<ResetPasswordPage />, { session: null });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(messages.emailRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(messages.emailInvalid)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the trimmed email and shows the server's answer, with a link back to log in", async () => {
    const fetchMock = stubFetch(() => jsonResponse({ detail: RESET_REQUESTED_MESSAGE }));
    render(<ResetPasswordPage />, { session: null });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' someone@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(RESET_REQUESTED_MESSAGE)).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/auth/users/reset_password/')).toEqual({ email: 'someone@example.com' });
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/login');
  });
});

function renderConfirm() {
  return render(
    <Routes>
      <Route path="/password/reset/confirm/:uid/:token" element={<ResetPasswordConfirmPage />} />
      <Route path="/login" element={<p>Login page</p>} />
    </Routes>,
    { session: null, route: '/password/reset/confirm/u-1/tok-1' },
  );
}

function fillPasswords(newPassword: string, again: string) {
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: newPassword } });
  fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: again } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('/password/reset/confirm/:uid/:token', () => {
  it('shows the password rule and the mismatch message, and sends nothing', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    renderConfirm();
    fillPasswords('short', 'other');
    expect(await screen.findByText(messages.passwordRule)).toBeTruthy();
    expect(screen.getByText(messages.passwordMismatch)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends uid, token and both passwords, notifies and goes to /login', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ detail: 'Password was successfully updated' }));
    renderConfirm();
    fillPasswords('NewPassw0rd', 'NewPassw0rd');
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(await screen.findByText('Password was successfully updated')).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/auth/users/reset_password_confirm/')).toEqual({
      uid: 'u-1',
      token: 'tok-1',
      newPassword: 'NewPassw0rd',
      reNewPassword: 'NewPassw0rd',
    });
  });

  it('shows the server message for an invalid link with a way to ask for a new one', async () => {
    stubFetch(() => jsonResponse({ message: RESET_LINK_INVALID_MESSAGE, code: 'invalid_link' }, 400));
    renderConfirm();
    fillPasswords('NewPassw0rd', 'NewPassw0rd');
    expect(await screen.findByText(RESET_LINK_INVALID_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' }).getAttribute('href')).toBe('/reset-password');
  });

  it('puts server field errors on their fields', async () => {
    stubFetch(() =>
      jsonResponse({ message: messages.passwordMismatch, code: 'validation_error', fields: { reNewPassword: [messages.passwordMismatch] } }, 400),
    );
    renderConfirm();
    fillPasswords('NewPassw0rd', 'NewPassw0rd');
    expect(await screen.findByText(messages.passwordMismatch)).toBeTruthy();
  });

  it('validateNewPassword accepts a valid matching pair', () => {
    expect(validateNewPassword({ newPassword: 'Abcdefg1', reNewPassword: 'Abcdefg1' })).toEqual({});
    expect(validateNewPassword({ newPassword: '', reNewPassword: '' })).toEqual({ newPassword: messages.passwordRequired });
  });
});

const renderActivate = () =>
  render(
    <Routes>
      <Route path="/activate/:uid/:token" element={<ActivatePage />} />
    </Routes>,
    { session: null, route: '/activate/u-2/tok-2' },
  );

describe('/activate/:uid/:token', () => {
  it('activates once on load and offers Log in', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ detail: 'Your account is active. You can log in now.' }));
    renderActivate();
    expect(await screen.findByText('Your account is active. You can log in now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/users/activation/')).toHaveLength(1);
    expect(bodyOf(fetchMock, '/api/auth/users/activation/')).toEqual({ uid: 'u-2', token: 'tok-2' });
  });

  it('shows the failure message and a form to resend the link', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/auth/users/activation/'
        ? jsonResponse({ message: ACTIVATION_LINK_INVALID_MESSAGE, code: 'invalid_link' }, 400)
        : jsonResponse({ detail: 'If that account is waiting for activation, we have sent a new link.' }),
    );
    renderActivate();
    expect(await screen.findByText(ACTIVATION_LINK_INVALID_MESSAGE)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText('If that account is waiting for activation, we have sent a new link.')).toBeTruthy();
    await waitFor(() => expect(bodyOf(fetchMock, '/api/auth/users/resend_activation/')).toEqual({ email: 'new@example.com' }));
  });
});

describe('/social-login-error', () => {
  it('explains the failure and links to /login', () => {
    render(<SocialLoginErrorPage />, { session: null });
    expect(screen.getByRole('heading', { name: 'Social login failed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/login');
  });
});
