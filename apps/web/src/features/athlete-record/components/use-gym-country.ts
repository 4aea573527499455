import type { GymCountry } from '@spotter/shared';
import { useCurrentSession } from '../../auth';
import { useGym } from '../../events';

/** The caller's gym country (phones are read for it), or null while the gym loads. The session carries no country. */
export function useGymCountry(): { country: GymCountry | null; timeZone: string | null; isError: boolean } {
  const session = useCurrentSession();
  const gym = useGym(session.gym?.gymId ?? '');
  return { country: gym.data?.country ?? null, timeZone: gym.data?.timeZone ?? null, isError: gym.isError };
}
