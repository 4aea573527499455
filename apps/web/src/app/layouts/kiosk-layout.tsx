import { Suspense } from 'react';
import { Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useCurrentSession } from '../../features/auth/api/get-session';
import { KioskMenu } from '../../features/kiosk/components/kiosk-menu';
import { AppFrame } from './app-frame';
import { Brand } from './brand';

/**
 * Spec 2.5 / 2.11: athlete kiosk mode. No navigation and no user menu: the header menu (full screen, Log Out) is
 * the only way out, and Log Out ends the staff session.
 */
export function KioskLayout() {
  const session = useCurrentSession();
  return (
    <AppFrame
      headerHeight={64}
      header={
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Brand subtitle={session.gym?.title} />
          <KioskMenu />
        </Group>
      }
    >
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </AppFrame>
  );
}
