import { useMediaQuery } from '@mantine/hooks';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { routesFor, type Session } from '@spotter/shared';
import { AthleteLayout, PlatformLayout, StaffLayout, StaffMobileLayout } from './lazy-pages';
import { preloadRoute, RoutePage } from './pages';

type RoleRoutesProps = { session: Session };

/** Spec 9: the mobile layout applies up to the small breakpoint (48em). */
const NARROW_QUERY = '(max-width: 47.99em)';

function useIsNarrow(): boolean {
  // Read synchronously: rendering the desktop set first would redirect mobile-only paths before the switch.
  const initial = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
  return useMediaQuery(NARROW_QUERY, initial, { getInitialValueInEffect: false });
}

/** Spec 2.7 (2.8 on a narrow viewport) filtered by spec 6; unknown paths go to /. */
export function StaffRoutes({ session }: RoleRoutesProps) {
  const isNarrow = useIsNarrow();
  const Layout = isNarrow ? StaffMobileLayout : StaffLayout;
  const set = routesFor(session, { narrow: isNarrow, kioskMode: false });
  preloadRoute(set.name, set.routes, useLocation().pathname, Layout);
  return (
    <Routes>
      <Route element={<Layout />}>
        {set.routes.map((route) => (
          <Route key={route.path} path={route.path} element={<RoutePage set={set.name} route={route} />} />
        ))}
      </Route>
      <Route path="*" element={<Navigate to={set.fallback} replace />} />
    </Routes>
  );
}

/** Spec 2.4; demo gyms do not get the sales portal routes (spec 6). */
export function AthleteRoutes({ session }: RoleRoutesProps) {
  const set = routesFor(session, { narrow: false, kioskMode: false });
  preloadRoute(set.name, set.routes, useLocation().pathname, AthleteLayout);
  return (
    <Routes>
      <Route element={<AthleteLayout />}>
        {set.routes.map((route) => (
          <Route key={route.path} path={route.path} element={<RoutePage set={set.name} route={route} />} />
        ))}
        <Route path="/documents" element={<Navigate to="/documents/unsigned" replace />} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/** Spec 2.6: the sales team (and demo mode) get no gyms list, and everything else goes to /demo-gyms. */
export function PlatformRoutes({ session }: RoleRoutesProps) {
  const set = routesFor(session, { narrow: false, kioskMode: false });
  preloadRoute(set.name, set.routes, useLocation().pathname, PlatformLayout);
  return (
    <Routes>
      <Route element={<PlatformLayout />}>
        {set.routes.map((route) => (
          <Route key={route.path} path={route.path} element={<RoutePage set={set.name} route={route} />} />
        ))}
      </Route>
      <Route path="*" element={<Navigate to={set.fallback} replace />} />
    </Routes>
  );
}
