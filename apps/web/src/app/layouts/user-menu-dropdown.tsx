import type { ReactNode, Ref } from 'react';
import { Menu, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';

export type UserMenuActions = {
  onStopImpersonating: (() => void) | null;
  onAccountDetails: () => void;
  onSettings: (() => void) | null;
  onSwitchProfiles: () => void;
  onLogout: () => void;
};

type UserMenuDropdownProps = {
  targetRef: Ref<HTMLButtonElement>;
  /** The look-alike's own props (user-menu.tsx), so both buttons are one button. */
  buttonProps: UnstyledButtonProps & { 'aria-label': string };
  children: ReactNode;
  actions: UserMenuActions;
};

/**
 * The user menu itself (Mantine's Menu and floating-ui, about 23 KB gzipped), loaded when the header's button is
 * first hovered, focused or clicked (user-menu.tsx); `children` is that button's content.
 */
export function UserMenuDropdown({ targetRef, buttonProps, children, actions }: UserMenuDropdownProps) {
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton ref={targetRef} {...buttonProps}>
          {children}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.onStopImpersonating ? (
          <Menu.Item onClick={actions.onStopImpersonating}>Stop Impersonating</Menu.Item>
        ) : (
          <>
            <Menu.Item onClick={actions.onAccountDetails}>Account Details</Menu.Item>
            {actions.onSettings && <Menu.Item onClick={actions.onSettings}>Settings</Menu.Item>}
            <Menu.Item onClick={actions.onSwitchProfiles}>Switch Profiles</Menu.Item>
            <Menu.Divider />
            <Menu.Item onClick={actions.onLogout}>Logout</Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
