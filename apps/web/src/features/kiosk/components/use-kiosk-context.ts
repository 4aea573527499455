import { useEffect, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import type { GymCountry } from '@spotter/shared';
import { isKioskMode } from '../../../lib/kiosk-mode';
import { useCurrentSession } from '../../auth';
import { useGym } from '../../events';

/** The current time, ticking every `intervalMs`, so timing labels and "today" stay true on a tablet left open. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

export type KioskContext = { isAthleteMode: boolean; timeZone: string; country: GymCountry; isTaxInclusive: boolean };

/** Athlete kiosk mode or staff, and the gym's time zone and country (GET gyms/{gymId}/). */
export function useKioskContext() {
  const gym = useGym(useCurrentSession().gym?.gymId ?? '');
  const context: KioskContext | null = gym.data ? { isAthleteMode: isKioskMode(), timeZone: gym.data.timeZone, country: gym.data.country, isTaxInclusive: gym.data.isTaxInclusive } : null;
  return { context, isError: gym.isError };
}

export function useIsDesktop(): boolean {
  return useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
}
