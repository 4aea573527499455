import { Stack, Text } from '@mantine/core';
import type { KioskAthlete } from '@spotter/shared';
import { emptyTexts, type AthleteTab } from '../lib/athlete-lists';
import { AthleteRow } from './athlete-row';
import type { AthleteAction } from './athlete-actions-menu';

export type AthleteListProps = {
  tab: AthleteTab;
  isAthleteMode: boolean;
  /** Issue 22: false shows initials instead of pictures (athlete mode, the gym's kiosk settings). */
  showsPhotos: boolean;
  isClass: boolean;
  /** Issue 32: athlete mode outside the self check-in window: nobody can check in here now. */
  checkInClosed?: boolean;
  onToggle: (athlete: KioskAthlete) => void;
  onAction: (action: AthleteAction, athlete: KioskAthlete) => void;
};

/** A tab's athletes, or its spec 2.12 empty text. */
export function AthleteList({ athletes, ...props }: AthleteListProps & { athletes: KioskAthlete[] }) {
  if (athletes.length === 0) {
    return (
      <Text ta="center" py="xl" size="lg">
        {emptyTexts[props.tab]}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Athletes">
      {athletes.map((athlete) => (
        <AthleteRow key={athlete.athleteId} athlete={athlete} {...props} />
      ))}
    </Stack>
  );
}
