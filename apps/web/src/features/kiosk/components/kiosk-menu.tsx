import { useEffect, useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { exitKioskMode } from '../../../lib/kiosk-mode';
import { notifyError } from '../../../lib/notify';
import { resetAnalytics } from '../../../lib/analytics';
import { logout } from '../../auth/api/logout';

async function toggleFullScreen(): Promise<void> {
  if (document.fullscreenElement) await document.exitFullscreen();
  else await document.documentElement.requestFullscreen();
}

function useIsFullScreen(): boolean {
  const [isFullScreen, setIsFullScreen] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setIsFullScreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  return isFullScreen;
}

/**
 * Spec 2.11: the kiosk header menu. Log Out ends the session and clears the kiosk flag, so a tablet left in athlete
 * mode can never be turned back into the staff app without the staff password.
 */
export function KioskMenu() {
  const isFullScreen = useIsFullScreen();
  const logOut = useMutation({
    mutationFn: logout,
    onSuccess: () => {
      resetAnalytics();
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      exitKioskMode();
    },
    onError: () => notifyError({ title: 'Logout failed', message: 'Logging out failed, please try again.' }),
  });
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <Button variant="default" size="md">
          Menu
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item py="sm" onClick={() => void toggleFullScreen().catch(() => undefined)}>
          {isFullScreen ? 'Exit Full Screen Mode' : 'Full Screen Mode'}
        </Menu.Item>
        <Menu.Item py="sm" disabled={logOut.isPending} onClick={() => logOut.mutate()}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
