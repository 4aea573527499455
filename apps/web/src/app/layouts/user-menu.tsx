import { Suspense, useState } from 'react';
import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { hasPermission, routesFor } from '@spotter/shared';
import { useCurrentSession } from '../../features/auth/api/get-session';
import { useLogout } from '../../features/auth/api/logout';
import { useClearProfile, useStopImpersonation } from '../../features/auth/api/profile-session';
import { lazyWithReload, pick } from '../../lib/chunk-reload';
import { onDemand, useOnDemand } from '../../lib/use-on-demand';
import type { UserMenuActions } from './user-menu-dropdown';

// Mantine's Drawer brings its focus trap, scroll lock and floating-ui; it loads with the menu, not with the page.
const AccountDrawer = lazyWithReload('account-drawer', pick(() => import('./account-drawer'), 'AccountDrawer'));
const userMenuDropdown = onDemand('user-menu', async () => {
  AccountDrawer.preload();
  return (await import('./user-menu-dropdown')).UserMenuDropdown;
});

/**
 * Spec 2.9: the header's user menu; while impersonating it offers only Stop Impersonating. Until it is first hovered,
 * focused or clicked, a look-alike button stands in and the menu's code stays unloaded (useOnDemand).
 */
export function UserMenu() {
  const session = useCurrentSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const clearProfile = useClearProfile();
  const stopImpersonation = useStopImpersonation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [isDrawerMounted, setIsDrawerMounted] = useState(false);
  if (drawerOpened && !isDrawerMounted) setIsDrawerMounted(true);
  const { loaded: UserMenuDropdown, targetRef, standInProps } = useOnDemand(userMenuDropdown, { loadOnFocus: true });
  const email = session.user.email;
  // Back to the console (/gyms, or /demo-gyms for the sales team) once the platform session is back. The layout
  // unmounts when the session changes, so this waits on the promise rather than on a per-call callback.
  const stopImpersonating = () => {
    stopImpersonation
      .mutateAsync()
      .then((platformSession) => navigate(routesFor(platformSession, { narrow: false, kioskMode: false }).fallback, { replace: true }))
      .catch(() => undefined);
  };
  const canOpenSettings = (session.role === 'staff' || session.role === 'owner') && hasPermission(session, 'GymMutate');

  const actions: UserMenuActions = {
    onStopImpersonating: session.isImpersonating ? stopImpersonating : null,
    onAccountDetails: drawer.open,
    onSettings: canOpenSettings ? () => void navigate('/gym-settings') : null,
    onSwitchProfiles: () => clearProfile.mutate(),
    onLogout: () => logout.mutate(),
  };
  const buttonProps = { 'aria-label': `User menu for ${email}`, px: 'xs', py: 4, style: { borderRadius: 8 } };
  const content = (
    <Group gap="xs" wrap="nowrap">
      <Avatar size={32} radius="xl" color="spotterBlue" aria-hidden>
        {email.charAt(0).toUpperCase()}
      </Avatar>
      <Text size="sm" visibleFrom="sm" truncate maw={220}>
        {email}
      </Text>
    </Group>
  );

  return (
    <>
      {UserMenuDropdown ? (
        <UserMenuDropdown targetRef={targetRef} buttonProps={buttonProps} actions={actions}>
          {content}
        </UserMenuDropdown>
      ) : (
        <UnstyledButton {...standInProps} {...buttonProps} aria-haspopup="menu" aria-expanded={false}>
          {content}
        </UnstyledButton>
      )}
      {isDrawerMounted && (
        <Suspense fallback={null}>
          <AccountDrawer opened={drawerOpened} onClose={drawer.close} />
        </Suspense>
      )}
    </>
  );
}
