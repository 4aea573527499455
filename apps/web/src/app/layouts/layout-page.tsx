import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import type { Session } from '@spotter/shared';
import { PageLoader } from '../../components/page-loader';
import { lazyWithReload, pick } from '../../lib/chunk-reload';

// Only demo gyms have the bar (with its progress meter): it loads for them, not with every signed-in page.
const DemoBar = lazyWithReload(
  'demo-bar',
  pick(() => import('./demo-bar'), 'DemoBar'),
);

type LayoutPageProps = { session: Session; banner?: ReactNode };

/** The main area of a signed-in layout (desktop or phone): the demo bar, the banner modal, then the page. */
export function LayoutPage({ session, banner }: LayoutPageProps) {
  return (
    <>
      {session.demoGym && (
        <Suspense fallback={null}>
          <DemoBar demoGym={session.demoGym} />
        </Suspense>
      )}
      {banner}
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
