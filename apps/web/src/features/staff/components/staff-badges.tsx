import type { ReactNode } from 'react';
import { Badge, Group } from '@mantine/core';
import type { StaffMember } from '@spotter/shared';

/** Light badges with darker text than Mantine's defaults, which fall below 4.5:1 for some colours (axe color-contrast). */
function Tag({ color, text, children }: { color: string; text: string; children: ReactNode }) {
  return (
    <Badge variant="light" color={color} c={text} radius="sm" style={{ minWidth: 'max-content' }}>
      {children}
    </Badge>
  );
}

/** What a staff member is at a glance: owner, coach, an invitation not yet accepted, deactivated. */
export function StaffBadges({ member }: { member: StaffMember }) {
  return (
    <Group gap={4} wrap="wrap">
      {member.isOwner && (
        <Tag color="blue" text="#173f7a">
          Owner
        </Tag>
      )}
      {member.isCoach && (
        <Tag color="teal" text="#0b5e45">
          Coach
        </Tag>
      )}
      {!member.hasLogin && (
        <Tag color="yellow" text="#5c4400">
          Invited
        </Tag>
      )}
      {!member.isActive && (
        <Tag color="gray" text="#343a40">
          Deactivated
        </Tag>
      )}
    </Group>
  );
}
