import { describe, expect, it } from 'vitest';
import { messages, salesPortalMessages } from '@spotter/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '../../../testing/render';
import { bodyOf, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { PortalAccount, validateAccount } from './portal-account';

describe('the portal account form', () => {
  it('checks spec 5’s rules with their messages before asking the server', () => {
    expect(validateAccount({ firstName: '', lastName: 'A<b', email: 'x', password: 'short' }, 'create')).toEqual({
      firstName: messages.nameRequired,
      lastName: messages.nameInvalid,
      email: messages.emailInvalid,
      password: messages.passwordRule,
    });
    // Logging in checks only that a password is there.
    expect(validateAccount({ firstName: '', lastName: '', email: 'a@b.co', password: 'short' }, 'login')).toEqual({});
    expect(salesPortalMessages.emailInUse).toMatch(/Log in/);
  });
});

describe('PortalAccount', () => {
  it('sends what was typed, and shows an email in use under the field with a way to log in', async () => {
    const fetchMock = stubFetch((url) =>
      url.includes('/sales-portals/gym-one/account/') ? jsonResponse({ message: 'Check the fields.', code: 'validation_error', fields: { email: [salesPortalMessages.emailInUse] } }, 400) : undefined,
    );
    let loggingIn = false;
    render(<PortalAccount slug="gym-one" mode="create" onLogIn={() => (loggingIn = true)} />, { session: null });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/First name/), 'Pia');
    await user.type(screen.getByLabelText(/Last name/), 'Portal');
    await user.type(screen.getByLabelText(/^Email/), 'pia@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Strong1pass');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(salesPortalMessages.emailInUse)).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/sales-portals/gym-one/account/')).toEqual({ firstName: 'Pia', lastName: 'Portal', email: 'pia@example.com', password: 'Strong1pass' });
    await user.click(screen.getByRole('button', { name: 'Log in with this email' }));
    expect(loggingIn).toBe(true);
  });
});
