import type { ReactNode } from 'react';
import { Container, Group } from '@mantine/core';
import { useCurrentSession } from '../../features/auth/api/get-session';
import { AppFrame } from './app-frame';
import { Brand } from './brand';
import { BottomTabs, type BottomTab } from './bottom-tabs';
import { LayoutPage } from './layout-page';
import { UserMenu } from './user-menu';

type MobileShellProps = { tabs: BottomTab[]; navLabel: string; banner?: ReactNode };

/** The phone-style shell: header with the user menu, content in a narrow column, a bottom tab bar. */
export function MobileShell({ tabs, navLabel, banner }: MobileShellProps) {
  const session = useCurrentSession();
  return (
    <AppFrame
      headerHeight={56}
      header={
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" maw={640} mx="auto">
          <Brand subtitle={session.gym?.title} />
          <UserMenu />
        </Group>
      }
      footer={{ height: 64, children: <BottomTabs tabs={tabs} label={navLabel} /> }}
    >
      <Container size={640} px={0} pt="sm">
        <LayoutPage session={session} banner={banner} />
      </Container>
    </AppFrame>
  );
}

export const pathStartsWith = (prefix: string) => (pathname: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
