import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { exitKioskMode } from '../../../lib/kiosk-mode';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { resetAnalytics } from '../../../lib/analytics';
import { LOGOUT_FAILED, logout } from '../../auth';
import { onDemand, useOnDemand } from '../../../lib/use-on-demand';
import type { KioskMenuActions } from './kiosk-menu-dropdown';

/** The look-alike's and the loaded menu's button: one button to the user. */
const BUTTON_PROPS = { variant: 'default', size: 'md' } as const;

const kioskMenuDropdown = onDemand('kiosk-menu', async () => (await import('./kiosk-menu-dropdown')).KioskMenuDropdown);

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
 * mode can never be turned back into the staff app without the staff password. The menu's code (Mantine's Menu and
 * floating-ui) loads when the button is first hovered, focused or clicked; a look-alike stands in until then.
 */
export function KioskMenu() {
  const isFullScreen = useIsFullScreen();
  const { loaded: KioskMenuDropdown, targetRef, standInProps } = useOnDemand(kioskMenuDropdown, { loadOnFocus: true });
  const logOut = useApiMutation({
    mutationFn: logout,
    onSuccess: () => {
      resetAnalytics();
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      exitKioskMode();
    },
    errorNotice: LOGOUT_FAILED,
  });
  const actions: KioskMenuActions = {
    isFullScreen,
    onToggleFullScreen: () => void toggleFullScreen().catch(() => undefined),
    logOutPending: logOut.isPending,
    onLogOut: () => logOut.mutate(),
  };
  if (KioskMenuDropdown) return <KioskMenuDropdown targetRef={targetRef} buttonProps={BUTTON_PROPS} actions={actions} />;
  return (
    <Button {...standInProps} {...BUTTON_PROPS} aria-haspopup="menu" aria-expanded={false}>
      Menu
    </Button>
  );
}
