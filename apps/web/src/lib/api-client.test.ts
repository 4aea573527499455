import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema } from '@spotter/shared';
import { jsonResponse, stubFetch } from '../testing/stub-fetch';
import { apiUrl, ApiError, callEndpoint, defaultErrorMessage, nextOffset } from './api-client';
import { resetRuntimeConfigCache } from './runtime-config';

type Call = [string, RequestInit];

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__SPOTTER_CONFIG__;
  resetRuntimeConfigCache();
});

function headerOf(call: Call | undefined, name: string): string | undefined {
  return (call?.[1].headers as Record<string, string> | undefined)?.[name];
}

describe('api client', () => {
  it('fetches a CSRF token first when there is no cookie, then sends it', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ ok: true }), { csrfToken: 'fresh' });
    await callEndpoint('logout', {});
    const calls = fetchMock.mock.calls as unknown as Call[];
    expect(calls.map(([url, init]) => `${init.method} ${url}`)).toEqual(['GET /api/auth/csrf/', 'POST /api/auth/logout/']);
    expect(headerOf(calls[1], 'X-CSRFToken')).toBe('fresh');
    expect(calls[1]?.[1].credentials).toBe('include');
  });

  it('reads the cookie at each request and sends no token on GET', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    document.cookie = 'csrftoken=one; path=/';
    await callEndpoint('updateDefaultProfile', { params: { id: 'x' } });
    document.cookie = 'csrftoken=two; path=/';
    await callEndpoint('clearProfile', {});
    await callEndpoint('session', {});
    const calls = fetchMock.mock.calls as unknown as Call[];
    expect(calls.map((c) => headerOf(c, 'X-CSRFToken'))).toEqual(['one', 'two', undefined]);
  });

  it('on 403 csrf_failed fetches a new token and retries exactly once', async () => {
    document.cookie = 'csrftoken=stale; path=/';
    let loginAttempts = 0;
    const fetchMock = stubFetch(
      () => {
        loginAttempts += 1;
        return jsonResponse({ message: 'CSRF check failed.', code: 'csrf_failed' }, 403);
      },
      { csrfToken: 'renewed' },
    );
    const failure = await callEndpoint('login', { body: { email: 'a@b.co', password: 'x' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(403);
    expect(loginAttempts).toBe(2);
    const calls = fetchMock.mock.calls as unknown as Call[];
    expect(calls.map(([url]) => url)).toEqual(['/api/auth/login/', '/api/auth/csrf/', '/api/auth/login/']);
    expect(headerOf(calls[0], 'X-CSRFToken')).toBe('stale');
    expect(headerOf(calls[2], 'X-CSRFToken')).toBe('renewed');
  });

  it('does not retry other 403s', async () => {
    document.cookie = 'csrftoken=t; path=/';
    const fetchMock = stubFetch(() => jsonResponse({ message: 'You may not do that.', code: 'forbidden' }, 403));
    await expect(callEndpoint('impersonate', { body: { profileId: 'p' } })).rejects.toMatchObject({ message: 'You may not do that.', code: 'forbidden' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('throws the server message, or the default text with a support reference', async () => {
    stubFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    const now = Date.now();
    const error = (await callEndpoint('session', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.isServerFailure).toBe(true);
    expect(error.message).toMatch(/^Something went wrong, please try again\. Contact Support ref: \d+\.$/);
    expect(Number(error.message.match(/ref: (\d+)/)?.[1])).toBeGreaterThanOrEqual(Math.floor(now / 1000));
    expect(defaultErrorMessage(1_700_000_000_999)).toBe('Something went wrong, please try again. Contact Support ref: 1700000000.');
  });

  it('turns a network failure into a status-0 ApiError', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(callEndpoint('session', {})).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('resolves paths against the configured base, and server `next` links as given', () => {
    expect(apiUrl('/profiles/?limit=20')).toBe('/api/profiles/?limit=20');
    expect(apiUrl('/api/profiles/?offset=20')).toBe('/api/profiles/?offset=20');
    window.__SPOTTER_CONFIG__ = { apiServer: 'https://api.example.com/api' };
    resetRuntimeConfigCache();
    expect(apiUrl('/auth/session/')).toBe('https://api.example.com/api/auth/session/');
    expect(apiUrl('/api/profiles/?offset=20')).toBe('https://api.example.com/api/profiles/?offset=20');
  });

  it('uploads one file as multipart in the field `file`, with the CSRF header and no JSON content type', async () => {
    document.cookie = 'csrftoken=tok; path=/';
    const fetchMock = stubFetch(() => jsonResponse({ url: '/media/a.png' }));
    const file = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    expect(await callEndpoint('staffPicture', { params: { staffId: 's1' }, body: file })).toEqual({ url: '/media/a.png' });
    const [url, init] = (fetchMock.mock.calls as unknown as Call[])[0]!;
    expect(url).toBe('/api/staff/s1/profile-picture/');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    expect(((init.body as FormData).get('file') as File).name).toBe('me.png');
    expect(headerOf([url, init], 'X-CSRFToken')).toBe('tok');
    expect(headerOf([url, init], 'Content-Type')).toBeUndefined();
  });

  it('reads error bodies as apiErrorSchema.partial() does: one field of the wrong type, and none is used', async () => {
    const bodies: unknown[] = [
      { message: 'Nope.', code: 'forbidden', fields: { email: ['Taken.'] } },
      { message: 'Nope.' },
      { code: 'forbidden' },
      { message: 'Nope.', code: 7 },
      { message: 1, code: 'forbidden' },
      { message: 'Nope.', fields: { email: 'Taken.' } },
      { message: 'Nope.', fields: { email: [1] } },
      { message: 'Nope.', fields: [] },
      { message: 'Nope.', fields: null },
      { message: '', code: 'empty' },
      [],
      'text',
      null,
    ];
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    for (const body of bodies) {
      stubFetch(() => jsonResponse(body, 400));
      const error = (await callEndpoint('health', {}).catch((e: unknown) => e)) as ApiError;
      const parsed = apiErrorSchema.partial().safeParse(body);
      const expected = parsed.success ? parsed.data : {};
      expect({ message: error.message, code: error.code, fields: error.fields }, JSON.stringify(body)).toEqual({
        message: expected.message || defaultErrorMessage(),
        code: expected.code ?? 'unknown',
        fields: expected.fields,
      });
    }
    now.mockRestore();
  });

  it('calls an endpoint by name: its method, its path less /api with the parameters filled in, and the query', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ count: 0, next: null, previous: null, results: [] }));
    await callEndpoint('kioskEvent', { params: { eventId: 'e 1/2' }, query: { limit: 100, offset: 0, eventType: 'class', includeCancelled: undefined } });
    await callEndpoint('eligibleAthletes', { query: { class: 'c1', search: '' } });
    window.__SPOTTER_CONFIG__ = { apiServer: 'https://api.example.com/v2' };
    resetRuntimeConfigCache();
    await callEndpoint('health', {});
    const calls = fetchMock.mock.calls as unknown as Call[];
    expect(calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'GET /api/events/e%201%2F2/kiosk-event/?limit=100&offset=0&eventType=class',
      'GET /api/athletes/eligible-athletes?class=c1&search=',
      'GET https://api.example.com/v2/health',
    ]);
  });

  it('reads the answer with the given schema, and sends a JSON body with the declared method', async () => {
    document.cookie = 'csrftoken=t; path=/';
    const fetchMock = stubFetch(() => jsonResponse({ detail: 'Done.', extra: 1 }));
    const answer = await callEndpoint(
      'resetPassword',
      { body: { email: 'a@b.co' } },
      { schema: { parse: (body) => ({ detail: (body as { detail: string }).detail }) } },
    );
    expect(answer).toEqual({ detail: 'Done.' });
    const [url, init] = (fetchMock.mock.calls as unknown as Call[])[0]!;
    expect([init.method, url, init.body, headerOf([url, init], 'Content-Type')]).toEqual([
      'POST',
      '/api/auth/users/reset_password/',
      '{"email":"a@b.co"}',
      'application/json',
    ]);
  });

  it("reads the offset of a page's next link", () => {
    expect(nextOffset('/api/profiles/?user=u&limit=20&offset=40')).toBe(40);
    expect(nextOffset('https://api.example.com/api/profiles/?offset=20')).toBe(20);
    expect(nextOffset(null)).toBeNull();
  });
});
