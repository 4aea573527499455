import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { hasPermission, routesFor } from '@spotter/shared';
import { useCurrentSession } from '../../features/auth/api/get-session';
import { useLogout } from '../../features/auth/api/logout';
import { useClearProfile, useStopImpersonation } from '../../features/auth/api/profile-session';
import { AccountDrawer } from './account-drawer';

/** Spec 2.9: the header's user menu; while impersonating it offers only Stop Impersonating. */
export function UserMenu() {
  const session = useCurrentSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const clearProfile = useClearProfile();
  const stopImpersonation = useStopImpersonation();
  const [drawerOpened, drawer] = useDisclosure(false);
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

  return (
    <>
      <Menu position="bottom-end" width={220} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={`User menu for ${email}`} px="xs" py={4} style={{ borderRadius: 8 }}>
            <Group gap="xs" wrap="nowrap">
              <Avatar size={32} radius="xl" color="spotterBlue" aria-hidden>
                {email.charAt(0).toUpperCase()}
              </Avatar>
              <Text size="sm" visibleFrom="sm" truncate maw={220}>
                {email}
              </Text>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {session.isImpersonating ? (
            <Menu.Item onClick={stopImpersonating}>Stop Impersonating</Menu.Item>
          ) : (
            <>
              <Menu.Item onClick={drawer.open}>Account Details</Menu.Item>
              {canOpenSettings && <Menu.Item onClick={() => void navigate('/gym-settings')}>Settings</Menu.Item>}
              <Menu.Item onClick={() => clearProfile.mutate()}>Switch Profiles</Menu.Item>
              <Menu.Divider />
              <Menu.Item onClick={() => logout.mutate()}>Logout</Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <AccountDrawer opened={drawerOpened} onClose={drawer.close} />
    </>
  );
}
