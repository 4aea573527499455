import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession } from '../../../testing/factories';
import { jsonResponse, stubFetch } from '../../../testing/stub-fetch';

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector('meta[name="spotter-session"]')?.remove();
});

/** getSession reads the page's mark when its module loads: a fresh copy of the module per test. */
async function freshGetSession() {
  vi.resetModules();
  return (await import('./get-session')).getSession;
}

describe('getSession', () => {
  it("takes the page's 'nobody is logged in' mark for the first read without asking, then asks (decision 049)", async () => {
    document.head.insertAdjacentHTML('beforeend', '<meta name="spotter-session" content="none">');
    const getSession = await freshGetSession();
    const session = buildSession();
    const fetchMock = stubFetch(() => jsonResponse(session));
    await expect(getSession()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    // After a login the session is read from the server.
    await expect(getSession()).resolves.toMatchObject({ user: session.user });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads a 401 (nobody logged in, or a session that has ended) as no session', async () => {
    const getSession = await freshGetSession();
    stubFetch(() => jsonResponse({ message: 'Your session has ended.', code: 'not_authenticated' }, 401));
    await expect(getSession()).resolves.toBeNull();
  });

  it('reads a session', async () => {
    const getSession = await freshGetSession();
    const session = buildSession();
    stubFetch(() => jsonResponse(session));
    await expect(getSession()).resolves.toMatchObject({ user: session.user });
  });
});
