import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ssoErrorMessages, ssoMessages } from '@spotter/shared';
import { render } from '../../../testing/render';
import { callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { resetRuntimeConfigCache } from '../../../lib/runtime-config';
import { SignInMethods } from './sign-in-methods';
import { SocialLoginErrorPage } from './social-login-error-page';
import { SsoButtons } from './sso-buttons';

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__SPOTTER_CONFIG__;
  resetRuntimeConfigCache();
});

function configure(config: Record<string, unknown>) {
  window.__SPOTTER_CONFIG__ = config;
  resetRuntimeConfigCache();
}

describe('SSO buttons (issue 40)', () => {
  it('shows one link per configured provider when SSO login is enabled, each leaving for the server start route', () => {
    configure({ ssoLoginEnabled: true, googleClientId: 'g', appleClientId: 'a', facebookClientId: null });
    render(<SsoButtons />, { session: null });
    expect(screen.getByRole('link', { name: 'Continue with Google' }).getAttribute('href')).toBe('/api/auth/sso/google/start/');
    expect(screen.getByRole('link', { name: 'Continue with Apple' }).getAttribute('href')).toBe('/api/auth/sso/apple/start/');
    expect(screen.queryByRole('link', { name: 'Continue with Facebook' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Continue with Integration' })).toBeNull();
  });

  it('shows none when SSO login is off, whatever client ids are set', () => {
    configure({ ssoLoginEnabled: false, googleClientId: 'g' });
    render(<SsoButtons />, { session: null });
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('names the sales portal a sign-in starts from, so a new person joins that gym', () => {
    configure({ ssoLoginEnabled: true, integrationClientId: 'i' });
    render(<SsoButtons portal="iron-temple" />, { session: null });
    expect(screen.getByRole('link', { name: 'Continue with Integration' }).getAttribute('href')).toBe('/api/auth/sso/integration/start/?portal=iron-temple');
  });
});

describe('/social-login-error', () => {
  it("shows the server's reason and a way back to log in", () => {
    render(<SocialLoginErrorPage />, { session: null, route: '/social-login-error?reason=unverified_email' });
    expect(screen.getByText(ssoErrorMessages.unverified_email)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/login');
  });

  it('shows the general explanation for an unknown or missing reason (never text from the address)', () => {
    render(<SocialLoginErrorPage />, { session: null, route: '/social-login-error?reason=<b>hacked</b>' });
    expect(screen.queryByText(/hacked/)).toBeNull();
    expect(screen.getByText(/We could not sign you in with that provider/)).toBeTruthy();
  });
});

describe("Account's sign-in methods", () => {
  const methods = {
    hasPassword: false,
    identities: [{ provider: 'google', email: 'me@gmail.example', createdAt: '2026-11-01T10:00:00.000Z' }],
    available: ['google', 'integration'],
  };

  it('lists the password and each available provider, linked with its email or with a Link to the server', async () => {
    stubFetch((url) => (url.endsWith('/auth/sign-in-methods/') ? jsonResponse(methods) : undefined));
    render(<SignInMethods />);
    expect(await screen.findByRole('heading', { name: 'Sign-in methods' })).toBeTruthy();
    expect(screen.getByText(/Not set: use "Forgot password\?"/)).toBeTruthy();
    expect(screen.getByText('Linked as me@gmail.example')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Link Integration' }).getAttribute('href')).toBe('/api/auth/sso/integration/link/');
    expect(screen.queryByText('Facebook')).toBeNull();
  });

  it("unlinks through the API and shows the server's refusal of the last way in", async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url.endsWith('/auth/sign-in-methods/')) return jsonResponse(methods);
      if (init.method === 'DELETE') return jsonResponse({ message: ssoMessages.lastSignInMethod, code: 'last_sign_in_method' }, 400);
      return undefined;
    });
    render(<SignInMethods />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/auth/sign-in-methods/google/')).toHaveLength(1));
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText(ssoMessages.lastSignInMethod)).toBeTruthy();
  });
});
