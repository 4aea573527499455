import { Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { isPublicPath, publicRoutes, routesFor, type Session } from '@spotter/shared';
import { useSession } from '../../features/auth/api/get-session';
import { useDemoAccessEnded } from '../../features/auth/api/demo-access';
import { useSsoLinkNotice } from '../../features/auth/hooks/use-sso-link-notice';
import { ErrorPage } from '../../components/error-page';
import { FullScreenLoader } from '../../components/full-screen-loader';
import { isKioskMode } from '../../lib/kiosk-mode';
import { lazyWithReload, pick } from '../../lib/chunk-reload';
import { setAnalyticsSession } from '../../lib/analytics';
import { KioskRoutes, LoggedOutRoutes, OnboardingRoutes, ProfileSelectionRoutes } from './simple-routes';
import { AthleteRoutes, PlatformRoutes, StaffRoutes } from './role-routes';
import { preloadRoute, RoutePage } from './pages';

/** Issue 20 (decision 035): a device handed to a member to sign shows only the signing screen (its own chunk, with Mantine's whole stylesheet). */
const HandOffScreen = lazyWithReload(
  'hand-off',
  pick(() => import('../../features/documents/components/hand-off-screen'), 'HandOffScreen'),
);

/** Spec 2.1: the route set of the session (packages/shared navigation decides which). */
function RoutesFor({ session, demoEnded }: { session: Session | null; demoEnded: boolean }) {
  const set = routesFor(session, { narrow: false, kioskMode: isKioskMode() });
  if (!session || set.name === 'loggedOut') return <LoggedOutRoutes />;
  // Decision 008: out of an ended demo to profile selection, which opens the Demo Period Expired dialog.
  if (demoEnded) return <ProfileSelectionRoutes />;
  switch (set.name) {
    case 'profileSelection':
      return <ProfileSelectionRoutes />;
    case 'kiosk':
      return <KioskRoutes />;
    case 'onboarding':
      return <OnboardingRoutes />;
    case 'athlete':
      return <AthleteRoutes session={session} />;
    case 'platform':
      return <PlatformRoutes session={session} />;
    default:
      return <StaffRoutes session={session} />;
  }
}

/**
 * Spec 2.7: the public sales portal, whatever the session (logged out, or anyone logged in), without waiting for it and
 * outside every layout: its page is the only chunk it loads beyond the app's first one.
 */
function PublicRoutes({ pathname }: { pathname: string }) {
  preloadRoute('public', publicRoutes, pathname);
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Routes>
        {publicRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<RoutePage set="public" route={route} />} />
        ))}
      </Routes>
    </Suspense>
  );
}

export function AppRoutes() {
  // Re-rendering on navigation lets the session observer find the new session entry after logout's queryClient.clear().
  const { pathname } = useLocation();
  const session = useSession();
  const demoEnded = useDemoAccessEnded(session.data);
  useSsoLinkNotice();
  useEffect(() => setAnalyticsSession(session.data ?? null), [session.data]);
  if (isPublicPath(pathname)) return <PublicRoutes pathname={pathname} />;
  if (session.isPending) return <FullScreenLoader />;
  // A server failure or no answer at all (spec 2.1); 401 is not an error here, it means logged out.
  if (session.isError) return <ErrorPage />;
  // The server refuses everything else meanwhile; no route, menu or back button leads anywhere.
  if (session.data?.signingDocumentId) {
    return (
      <Suspense fallback={<FullScreenLoader />}>
        <HandOffScreen documentId={session.data.signingDocumentId} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <RoutesFor session={session.data} demoEnded={demoEnded} />
    </Suspense>
  );
}
