import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import type { Session } from '@spotter/shared';
import { PageLoader } from '../../components/page-loader';
import { DemoBar } from './demo-bar';

type LayoutPageProps = { session: Session; banner?: ReactNode };

/** The main area of a signed-in layout (desktop or phone): the demo bar, the banner modal, then the page. */
export function LayoutPage({ session, banner }: LayoutPageProps) {
  return (
    <>
      {session.demoGym && <DemoBar demoGym={session.demoGym} />}
      {banner}
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
