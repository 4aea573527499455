import { useEffect, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { selfCheckInWindowOf, type GymCountry, type SelfCheckInWindow } from '@spotter/shared';
import { isKioskMode } from '../../../lib/kiosk-mode';
import { useCurrentSession } from '../../auth';
import { useGym } from '../../events';
import { useKioskSettings } from '../api/get-kiosk-settings';

/** The current time, ticking every `intervalMs`, so timing labels and "today" stay true on a tablet left open. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

/** What athlete mode shows (issue 22, the gym's kiosk settings); staff see everything. */
export type KioskShows = { appointments: boolean; photos: boolean; eligible: boolean };
const showsEverything: KioskShows = { appointments: true, photos: true, eligible: true };

export type KioskContext = {
  isAthleteMode: boolean;
  timeZone: string;
  country: GymCountry;
  isTaxInclusive: boolean;
  shows: KioskShows;
  /** Issue 32: in athlete mode, when athletes may check themselves in (the gym's kiosk settings); null at the desk (any time). */
  selfCheckIn: SelfCheckInWindow | null;
};

/**
 * Athlete kiosk mode or staff, and the gym's time zone and country (GET gyms/{gymId}/); in athlete mode also what the
 * gym lets it show (GET kiosk/settings/), waited for so a hidden tab never flashes.
 */
export function useKioskContext() {
  const gym = useGym(useCurrentSession().gym?.gymId ?? '');
  const isAthleteMode = isKioskMode();
  const settings = useKioskSettings(isAthleteMode);
  const s = settings.data;
  const shows: KioskShows | null = !isAthleteMode
    ? showsEverything
    : s
      ? { appointments: s.athleteModeShowsAppointments, photos: s.athleteModeShowsPhotos, eligible: s.athleteModeShowsEligible }
      : null;
  const selfCheckIn = isAthleteMode && s ? selfCheckInWindowOf(s) : null;
  const context: KioskContext | null =
    gym.data && shows
      ? { isAthleteMode, timeZone: gym.data.timeZone, country: gym.data.country, isTaxInclusive: gym.data.isTaxInclusive, shows, selfCheckIn }
      : null;
  return { context, isError: gym.isError || (isAthleteMode && settings.isError) };
}

export function useIsDesktop(): boolean {
  return useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
}
