import { vi } from 'vitest';

/** A JSON answer as the server sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers a request, or undefined for the stub's 404. */
export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined | Promise<Response | undefined>;

export type StubFetchOptions = {
  /** The token a CSRF call sets as the csrftoken cookie (the client fetches one before its first unsafe call without it). */
  csrfToken?: string;
};

/**
 * Replaces the global fetch (undone by vi.unstubAllGlobals) with a mock that answers the CSRF call itself and every
 * other call with `handler`; what the handler leaves unanswered is a 404 JSON error. The mock's calls are
 * [url, init] as the app's api-client made them.
 */
export function stubFetch(handler: FetchHandler = () => undefined, { csrfToken = 'test-token' }: StubFetchOptions = {}) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url.endsWith('/auth/csrf/')) {
      document.cookie = `csrftoken=${csrfToken}; path=/`;
      return jsonResponse({ csrfToken });
    }
    return (await handler(url, init)) ?? jsonResponse({ message: 'Not found.', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export type FetchMock = ReturnType<typeof stubFetch>;

/** The calls of one method whose URL contains `part`. */
export const callsTo = (fetchMock: FetchMock, method: string, part: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(part));

/** The JSON body of the first call to exactly `url`. */
export function bodyOf(fetchMock: FetchMock, url: string): unknown {
  const call = fetchMock.mock.calls.find(([called]) => called === url);
  return call ? (JSON.parse(call[1].body as string) as unknown) : undefined;
}
