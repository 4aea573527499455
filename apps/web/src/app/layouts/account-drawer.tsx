import { Suspense } from 'react';
import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCurrentSession } from '../../features/auth/api/get-session';
import { PageLoader } from '../../components/page-loader';
import { lazyWithReload, pick } from '../../lib/chunk-reload';

const AccountPanel = lazyWithReload(
  'account-panel',
  pick(() => import('../../features/account/components/account-panel'), 'AccountPanel'),
);

type AccountDrawerProps = { opened: boolean; onClose: () => void };

/** Spec 2.9 / 2.13: Account Details opens a right-hand drawer, the whole screen wide on a phone. */
export function AccountDrawer({ opened, onClose }: AccountDrawerProps) {
  const session = useCurrentSession();
  const isNarrow = useMediaQuery('(max-width: 47.99em)');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isNarrow ? '100%' : 'lg'}
      title="Account Details"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <Suspense fallback={<PageLoader />}>
        <AccountPanel session={session} />
      </Suspense>
    </Drawer>
  );
}
