import { memo } from 'react';
import { Avatar, Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { KioskAthlete } from '@spotter/shared';
import type { AthleteTab } from '../lib/athlete-lists';
import { AthleteActionsMenu, type AthleteAction } from './athlete-actions-menu';
import { PinnedNotes } from './pinned-notes';

export const warningTexts = {
  pastDue: 'This account has a past-due bill.',
  unsignedDocument: 'There is an unsigned document on this account.',
};

type AthleteRowProps = {
  athlete: KioskAthlete;
  tab: AthleteTab;
  isAthleteMode: boolean;
  /** Issue 22: false shows initials instead of the picture. */
  showsPhotos: boolean;
  isClass: boolean;
  /** Issue 32: athlete mode outside the self check-in window. */
  checkInClosed?: boolean;
  onToggle: (athlete: KioskAthlete) => void;
  onAction: (action: AthleteAction, athlete: KioskAthlete) => void;
};

const initials = (a: KioskAthlete) => `${a.firstName.charAt(0)}${a.lastName.charAt(0)}`.toUpperCase();

/**
 * One athlete: tapping toggles the check-in (spec 4); staff also get warnings, notes and an action menu. Memoised: a
 * check-in changes one athlete's record (the others keep theirs), so only that row is drawn again.
 */
export const AthleteRow = memo(function AthleteRow({
  athlete,
  tab,
  isAthleteMode,
  showsPhotos,
  isClass,
  checkInClosed = false,
  onToggle,
  onAction,
}: AthleteRowProps) {
  const identity = (
    <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 180px', minWidth: 0 }}>
      <Avatar src={showsPhotos ? athlete.profilePicture : null} radius="xl" size={44} color="spotterBlue" alt="" aria-hidden>
        {initials(athlete)}
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} size="lg" lineClamp={2}>
          {athlete.fullName}
        </Text>
        {tab === 'eligible' && <Text size="sm">{athlete.isReserved ? 'Reserved' : 'Not Reserved'}</Text>}
        {!isAthleteMode && athlete.hasPastDueBills && (
          <Text size="sm" c="red.9">
            {warningTexts.pastDue}
          </Text>
        )}
        {!isAthleteMode && athlete.hasUnsignedDocuments && (
          <Text size="sm" c="#8f4200">
            {warningTexts.unsignedDocument}
          </Text>
        )}
      </Stack>
    </Group>
  );
  // Athlete mode: a check-in is not undone there, and none is made outside the self check-in window (issue 32).
  const lockedCheckedIn = isAthleteMode && (athlete.isCheckedIn || checkInClosed);
  return (
    <Paper withBorder radius="md" p={6} component="li" data-athlete={athlete.fullName}>
      <Group wrap="nowrap" gap="xs" align="center">
        {lockedCheckedIn ? (
          <Group justify="space-between" wrap="wrap" gap="xs" p="xs" style={{ flex: 1, minWidth: 0, minHeight: 60 }}>
            {identity}
            <Button disabled size="md" variant="light">
              {athlete.isCheckedIn ? 'Checked In' : 'Check In'}
            </Button>
          </Group>
        ) : (
          <UnstyledButton onClick={() => onToggle(athlete)} p="xs" style={{ flex: 1, minWidth: 0, minHeight: 60, borderRadius: 8 }}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              {identity}
              <Badge size="xl" radius="sm" variant="filled" color={athlete.isCheckedIn ? '#1f7a35' : 'spotterBlue'} style={{ flexShrink: 0 }}>
                {athlete.isCheckedIn ? 'Checked In' : 'Check In'}
              </Badge>
            </Group>
          </UnstyledButton>
        )}
        {!isAthleteMode && <AthleteActionsMenu athlete={athlete} isClass={isClass} onAction={(action) => onAction(action, athlete)} />}
      </Group>
      {!isAthleteMode && <PinnedNotes notes={athlete.notes} />}
    </Paper>
  );
});
