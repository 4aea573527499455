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
  });
});

describe('PortalAccount', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByLabelText(/First name/), 'Pia');
    await user.type(screen.getByLabelText(/Last name/), 'Portal');
    await user.type(screen.getByLabelText(/^Email/), 'pia@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Strong1pass');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
  };

  it('sends what was typed, then says to check the email (whether or not it has an account) and offers Log in', async () => {
    const fetchMock = stubFetch((url) =>
      url.includes('/sales-portals/gym-one/account/') ? jsonResponse({ detail: salesPortalMessages.signUpSent }) : undefined,
    );
    let loggingIn = false;
    render(<PortalAccount slug="gym-one" mode="create" onLogIn={() => (loggingIn = true)} />, { session: null });
    const user = userEvent.setup();
    await fill(user);
    expect(await screen.findByText(salesPortalMessages.signUpSent)).toBeTruthy();
    expect(screen.getByText('Check your email')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
    expect(bodyOf(fetchMock, '/api/sales-portals/gym-one/account/')).toEqual({
      firstName: 'Pia',
      lastName: 'Portal',
      email: 'pia@example.com',
      password: 'Strong1pass',
    });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(loggingIn).toBe(true);
  });

  it('shows the sign-up limit’s refusal with its message, and the form stays', async () => {
    const message = 'Too many sign-ups from your network. Please try again in 42 minutes.';
    stubFetch((url) => (url.includes('/sales-portals/gym-one/account/') ? jsonResponse({ message, code: 'rate_limited' }, 429) : undefined));
    render(<PortalAccount slug="gym-one" mode="create" onLogIn={() => undefined} />, { session: null });
    const user = userEvent.setup();
    await fill(user);
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
  });
});
