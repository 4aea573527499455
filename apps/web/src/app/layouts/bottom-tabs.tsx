import type { ComponentType, SVGProps } from 'react';
import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export type BottomTab = { label: string; to: string; match: (pathname: string) => boolean; icon: ComponentType<SVGProps<SVGSVGElement>> };

type BottomTabsProps = { tabs: BottomTab[]; label: string };

/** The mobile tab bar (spec 2.4): icon over label, the active tab in the primary colour. */
export function BottomTabs({ tabs, label }: BottomTabsProps) {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label={label} h="100%" justify="space-around" wrap="nowrap" gap={0} maw={640} mx="auto">
      {tabs.map((tab) => {
        const active = tab.match(pathname);
        return (
          <UnstyledButton
            key={tab.to}
            component={Link}
            to={tab.to}
            aria-current={active ? 'page' : undefined}
            style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, padding: '6px 2px' }}
            c={active ? 'spotterBlue.8' : 'gray.7'}
          >
            <tab.icon />
            <Text span size="xs" fw={active ? 700 : 500} ta="center" lh={1.2}>
              {tab.label}
            </Text>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
