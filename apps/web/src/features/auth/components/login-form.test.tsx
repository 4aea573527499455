import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages } from '@spotter/shared';
import { render } from '../../../testing/render';
import { jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { LoginPage } from './login-page';
import { validateLogin } from './login-form';

afterEach(() => vi.unstubAllGlobals());

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

describe('login form', () => {
  it('shows the spec 5 messages for an empty form and sends nothing', async () => {
    const fetchMock = stubFetch();
    render(<LoginPage />, { session: null });
    submit();
    expect(await screen.findByText(messages.emailRequired)).toBeTruthy();
    expect(screen.getByText(messages.passwordRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a malformed email', async () => {
    render(<LoginPage />, { session: null });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever' } });
    submit();
    expect(await screen.findByText(messages.emailInvalid)).toBeTruthy();
  });

  it('issue 34: puts the cursor in Email', () => {
    render(<LoginPage />, { session: null });
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('has the Forgot password? link to /reset-password', () => {
    render(<LoginPage />, { session: null });
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/reset-password');
  });

  it('posts the trimmed email with the CSRF header and shows the server message on failure', async () => {
    document.cookie = 'csrftoken=token-1; path=/';
    const fetchMock = stubFetch((url) => {
      if (url === '/api/auth/login/') return jsonResponse({ message: 'Unable to log in with provided credentials.', code: 'invalid_credentials' }, 401);
      return jsonResponse({ message: 'Not logged in.', code: 'not_authenticated' }, 401);
    });
    render(<LoginPage />, { session: null });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '  owner@example.com ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    submit();
    expect(await screen.findByText('Unable to log in with provided credentials.')).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/auth/login/') as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ email: 'owner@example.com', password: 'wrong' });
    expect((init.headers as Record<string, string>)['X-CSRFToken']).toBe('token-1');
    // Spec 4: the session is refetched after a failed login too.
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/session/')).toBe(true));
  });
});

describe('validateLogin', () => {
  it('accepts a valid email and any non-empty password', () => {
    expect(validateLogin({ email: 'a@b.co', password: 'x' })).toEqual({});
    expect(validateLogin({ email: '   ', password: '' })).toEqual({ email: messages.emailRequired, password: messages.passwordRequired });
  });
});
