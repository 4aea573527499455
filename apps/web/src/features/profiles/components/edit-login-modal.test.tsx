import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { EditLoginModal } from './edit-login-modal';

function renderModal(onClose = vi.fn()) {
  document.cookie = 'csrftoken=t; path=/';
  render(<EditLoginModal opened onClose={onClose} />, { session: buildSession() });
  return onClose;
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

afterEach(() => vi.unstubAllGlobals());

describe('Edit Login modal (spec 2.2, 4, 5, 8)', () => {
  it('starts on the view with Change Email and Change Password, and Cancel returns there with the form reset', async () => {
    renderModal();
    expect(await screen.findByText('Edit Login')).toBeTruthy();
    click('Change Email');
    type(/Current email/, 'typed@example.com');
    click('Cancel');
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeTruthy();
    click('Change Email');
    expect((screen.getByLabelText(/Current email/) as HTMLInputElement).value).toBe('');
  });

  it('validates the email form with the spec messages', async () => {
    renderModal();
    click('Change Email');
    type(/New email/, 'not-an-email');
    type(/Confirm new email/, 'other@example.com');
    click('Save');
    expect(await screen.findByText(messages.required)).toBeTruthy();
    expect(screen.getByText(messages.emailInvalid)).toBeTruthy();
    expect(screen.getByText(messages.emailsDoNotMatch)).toBeTruthy();
  });

  it('validates the password form with the spec messages', async () => {
    renderModal();
    click('Change Password');
    type(/Current password/, 'Spotter123');
    type(/^New password/, 'short');
    type(/Confirm new password/, 'different');
    click('Save');
    expect(await screen.findByText(messages.passwordRule)).toBeTruthy();
    expect(screen.getByText(messages.passwordsDoNotMatch)).toBeTruthy();
  });

  it('saves a new email, says so, and closes', async () => {
    const fetchMock = stubFetch((url) => (url.endsWith('/auth/session/') ? jsonResponse(buildSession()) : jsonResponse(buildSession())));
    const onClose = renderModal();
    click('Change Email');
    type(/Current email/, 'athlete@example.com');
    type(/New email/, 'new@example.com');
    type(/Confirm new email/, 'new@example.com');
    click('Save');
    expect(await screen.findByText('Email was successfully updated')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('change-email'))!;
    expect(url).toBe('/api/auth/change-email/');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'athlete@example.com', newEmail: 'new@example.com', reNewEmail: 'new@example.com' });
  });

  it("shows 'Password change attempt failed' with the server's message and stays open", async () => {
    stubFetch(() => jsonResponse({ message: 'Current password is incorrect.', code: 'validation_error' }, 400));
    const onClose = renderModal();
    click('Change Password');
    type(/Current password/, 'Wrong1234');
    type(/^New password/, 'Better1234');
    type(/Confirm new password/, 'Better1234');
    click('Save');
    expect(await screen.findByText('Password change attempt failed')).toBeTruthy();
    expect(screen.getByText('Current password is incorrect.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
