import { Suspense, type ReactNode } from 'react';
import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import type { Session } from '@spotter/shared';
import { Brand } from './brand';
import { DemoBar } from './demo-bar';
import { SideNav } from './side-nav';
import type { NavItem } from './staff-nav-items';
import { UserMenu } from './user-menu';

type DesktopShellProps = { session: Session; navItems: NavItem[]; navLabel: string; banner?: ReactNode };

/** Spec 2.9: header with the user menu, side navbar 170 px wide at sm and 208 px at md; a burger below sm. */
export function DesktopShell({ session, navItems, navLabel, banner }: DesktopShellProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: { sm: 170, md: 208 }, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Brand subtitle={session.gym?.title} />
          </Group>
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={navLabel}>
        <SideNav items={navItems} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        {session.demoGym && <DemoBar demoGym={session.demoGym} />}
        {banner}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
