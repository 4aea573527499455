import { ActionIcon, Menu } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { DemoGym } from '@spotter/shared';
import { useDemoGymAction, type DemoGymAction } from '../api/demo-gym-actions';
import { useImpersonateDemoOwner } from '../api/impersonate-demo-owner';

type MenuEntry = { label: string; action: DemoGymAction | 'impersonate' | 'people'; color?: string };

/** Which row actions a demo gym offers: Extend only for TIME_LIMITED; Deactivate while on, Reactivate while off. */
export function demoGymMenuEntries(demo: Pick<DemoGym, 'type' | 'isActive' | 'state' | 'owner'>): MenuEntry[] {
  return [
    { label: 'Open people', action: 'people' },
    ...(demo.state === 'active' && demo.owner ? [{ label: 'Impersonate owner', action: 'impersonate' } as const] : []),
    ...(demo.type === 'TIME_LIMITED' ? [{ label: 'Extend 48 hours', action: 'extend' } as const] : []),
    demo.isActive ? { label: 'Deactivate', action: 'deactivate', color: 'red.9' } : { label: 'Reactivate', action: 'reactivate' },
  ];
}

function DotsIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

/** The row's menu: people, impersonate the owner, extend, deactivate or reactivate (spec 7.4 notifications). */
export function DemoGymActions({ demo }: { demo: DemoGym }) {
  const navigate = useNavigate();
  const runAction = useDemoGymAction();
  const impersonateOwner = useImpersonateDemoOwner();
  const isBusy = runAction.isPending || impersonateOwner.isPending;
  const choose = (entry: MenuEntry) => {
    if (entry.action === 'people') void navigate(`/gyms/${demo.gymId}/staff`);
    else if (entry.action === 'impersonate') impersonateOwner.mutate(demo);
    else runAction.mutate({ demoGymId: demo.demoGymId, action: entry.action });
  };
  return (
    // No focus placeholder: a role=presentation child inside role=menu fails axe (aria-required-children).
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${demo.title}`} loading={isBusy}>
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {demoGymMenuEntries(demo).map((entry) => (
          <Menu.Item key={entry.action} color={entry.color} onClick={() => choose(entry)}>
            {entry.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
