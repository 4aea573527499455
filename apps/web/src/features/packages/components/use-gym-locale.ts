import { useCurrentSession } from '../../auth';
import { useGym } from '../../events';

/** The gym's country and whether its prices include tax (spec 9), for prices and money inputs. */
export function useGymLocale() {
  const gym = useGym(useCurrentSession().gym?.gymId ?? '');
  return { country: gym.data?.country ?? 'US', isTaxInclusive: gym.data?.isTaxInclusive ?? false, isReady: gym.isSuccess };
}
