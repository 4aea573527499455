import type { ReactNode } from 'react';
import { Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Session } from '@spotter/shared';
import { AppFrame } from './app-frame';
import { Brand } from './brand';
import { LayoutPage } from './layout-page';
import { SideNav } from './side-nav';
import type { NavItem } from './staff-nav-items';
import { UserMenu } from './user-menu';

type DesktopShellProps = { session: Session; navItems: NavItem[]; navLabel: string; banner?: ReactNode };

/** Spec 2.9: header with the user menu, side navbar 170 px wide at sm and 208 px at md; a burger below sm. */
export function DesktopShell({ session, navItems, navLabel, banner }: DesktopShellProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppFrame
      headerHeight={56}
      header={
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Brand subtitle={session.gym?.title} />
          </Group>
          <UserMenu />
        </Group>
      }
      navbar={{ label: navLabel, opened, children: <SideNav items={navItems} onNavigate={close} /> }}
    >
      <LayoutPage session={session} banner={banner} />
    </AppFrame>
  );
}
