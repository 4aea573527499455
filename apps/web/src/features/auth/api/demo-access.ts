import { useEffect, useState } from 'react';
import { isSessionDemoEnded, type Session } from '@spotter/shared';

/** setTimeout's longest delay (about 24.8 days); a later expiry is re-armed when it fires. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Decision 008: whether the session's demo gym access has ended (switched off, or past its expiry). Re-renders at
 * the moment of expiry, so a person working inside a demo is taken out of it while the page is open.
 */
export function useDemoAccessEnded(session: Session | null | undefined): boolean {
  const [now, setNow] = useState(() => new Date());
  const ended = isSessionDemoEnded(session ?? null, now);
  const expiresAt = session?.demoGym?.expiresAt ?? null;
  useEffect(() => {
    if (ended || !expiresAt) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, new Date(expiresAt).getTime() - Date.now()));
    const timer = setTimeout(() => setNow(new Date()), delay);
    return () => clearTimeout(timer);
  }, [ended, expiresAt, now]);
  return ended;
}
