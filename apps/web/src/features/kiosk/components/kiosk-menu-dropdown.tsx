import type { Ref } from 'react';
import { Button, Menu, type ButtonProps } from '@mantine/core';

export type KioskMenuActions = { isFullScreen: boolean; onToggleFullScreen: () => void; logOutPending: boolean; onLogOut: () => void };

/** Spec 2.11: the kiosk header menu itself, loaded on first use (kiosk-menu.tsx). */
export function KioskMenuDropdown({
  targetRef,
  buttonProps,
  actions,
}: {
  targetRef: Ref<HTMLButtonElement>;
  buttonProps: ButtonProps;
  actions: KioskMenuActions;
}) {
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <Button ref={targetRef} {...buttonProps}>
          Menu
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item py="sm" onClick={actions.onToggleFullScreen}>
          {actions.isFullScreen ? 'Exit Full Screen Mode' : 'Full Screen Mode'}
        </Menu.Item>
        <Menu.Item py="sm" disabled={actions.logOutPending} onClick={actions.onLogOut}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
