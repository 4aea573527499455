import { useMediaQuery } from '@mantine/hooks';
import { ScheduleScreen } from './schedule-screen';

/** Spec 9: the phone layout applies up to the small breakpoint. */
const NARROW_QUERY = '(max-width: 47.99em)';

/** Spec 2.7 `/calendar/scheduling`: the gym's classes and appointments by week, day or month (the agenda on a phone). */
export function CalendarPage() {
  const initial = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
  const isNarrow = useMediaQuery(NARROW_QUERY, initial, { getInitialValueInEffect: false });
  return <ScheduleScreen title="Scheduling" layout={isNarrow ? 'agenda' : 'grid'} />;
}
