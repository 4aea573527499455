import { toZoned, type GymCountry } from '@spotter/shared';
import { useCurrentSession } from '../../auth';
import { useGym } from '../../events';

/** The gym's country (money and date formats) and today in its zone (the session carries neither). */
export function usePayrollGym(): { country: GymCountry; timeZone: string; today: string; isReady: boolean } {
  const gym = useGym(useCurrentSession().gym?.gymId ?? '');
  const timeZone = gym.data?.timeZone ?? 'UTC';
  return { country: gym.data?.country ?? 'US', timeZone, today: toZoned(new Date(), timeZone).date, isReady: gym.isSuccess };
}
