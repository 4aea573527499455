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
const AccountDrawer = lazyWithReload(
  'account-drawer',
  pick(() => import('./account-drawer'), 'AccountDrawer'),
);
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
  // Issue 23: who is signed in is the profile (its name and initials, as the Account Details drawer shows them); the
  // email is the login, shown under it. Before a profile is chosen there is only the email.
  const name = session.profile?.fullName?.trim() || null;
  const who = name ?? email;
  const buttonProps = { 'aria-label': `User menu for ${name ? `${name} (${email})` : email}`, px: 'xs', py: 4, style: { borderRadius: 8 } };
  const content = (
    <Group gap="xs" wrap="nowrap">
      <Avatar size={32} radius="xl" color="spotterBlue" aria-hidden>
        {initialsOf(who)}
      </Avatar>
      <div style={{ minWidth: 0, lineHeight: 1.2 }}>
        <Text size="sm" fw={600} visibleFrom="sm" truncate maw={220}>
          {who}
        </Text>
        {name && (
          <Text size="xs" c="dimmed" visibleFrom="sm" truncate maw={220}>
            {email}
          </Text>
        )}
      </div>
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

/** "Marcus Reyes" → "MR"; an email → its first letter. */
export function initialsOf(who: string): string {
  if (who.includes('@')) return who.charAt(0).toUpperCase();
  const words = who.split(/\s+/).filter(Boolean);
  return ((words[0]?.charAt(0) ?? '') + (words.length > 1 ? words[words.length - 1]!.charAt(0) : '')).toUpperCase();
}
