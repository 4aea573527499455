import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from '../lib/analytics';

/** Spec 9: a page view with the path, the previous path and the seconds spent on the previous page. */
export function PageViewTracker() {
  const { pathname } = useLocation();
  const previous = useRef<{ path: string; since: number } | null>(null);
  useEffect(() => {
    const now = Date.now();
    const last = previous.current;
    trackPageView(pathname, last?.path ?? null, last ? Math.round((now - last.since) / 1000) : 0);
    previous.current = { path: pathname, since: now };
  }, [pathname]);
  return null;
}
