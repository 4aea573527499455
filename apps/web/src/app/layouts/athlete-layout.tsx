import { AccountIcon, CalendarIcon, DocumentIcon, EventsIcon, PackageIcon } from '../../components/tab-icons';
import type { BottomTab } from './bottom-tabs';
import { MobileShell, pathStartsWith } from './mobile-shell';

/** Spec 2.4: the five tabs of the athlete app, in order. */
const athleteTabs: BottomTab[] = [
  { label: 'Packages', to: '/packages', match: pathStartsWith('/packages'), icon: PackageIcon },
  { label: 'My Events', to: '/events', match: pathStartsWith('/events'), icon: EventsIcon },
  {
    label: 'Schedule',
    to: '/',
    // A class's or an appointment's page (as a pattern: the classes path as a string is also an API path).
    match: (p) => p === '/' || /^\/(classes|appointments)\//.test(p),
    icon: CalendarIcon,
  },
  { label: 'Documents', to: '/documents/unsigned', match: pathStartsWith('/documents'), icon: DocumentIcon },
  { label: 'Account', to: '/account', match: pathStartsWith('/account'), icon: AccountIcon },
];

export function AthleteLayout() {
  return <MobileShell tabs={athleteTabs} navLabel="Athlete navigation" />;
}
