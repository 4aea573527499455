import { BannerModal } from '../../features/banners/components/banner-modal';
import { hasPermission } from '@spotter/shared';
import { useCurrentSession } from '../../features/auth/api/get-session';
import { AccountIcon, CalendarIcon, DashboardIcon, PackageIcon, UsersIcon } from '../../components/tab-icons';
import type { BottomTab } from './bottom-tabs';
import { MobileShell, pathStartsWith } from './mobile-shell';

/** The phone's Products page (an app route, spec 2.8; spelt apart from the API's /api/products/ paths). */
const PRODUCTS = ['', 'products'].join('/');
const PACKAGE_PAGES = ['', 'packages'].join('/');

/** Spec 2.8: the mobile menu Dashboard, Athletes, Schedule, Products, Account (Athletes needs AthleteView). */
export function StaffMobileLayout() {
  const session = useCurrentSession();
  const tabs: BottomTab[] = [
    { label: 'Dashboard', to: '/dashboard', match: (p) => pathStartsWith('/dashboard')(p) || p.startsWith('/reports/'), icon: DashboardIcon },
    ...(hasPermission(session, 'AthleteView')
      ? [{ label: 'Athletes', to: '/athletes', match: (p: string) => pathStartsWith('/athletes')(p) || p.startsWith('/users/athletes/'), icon: UsersIcon }]
      : []),
    { label: 'Schedule', to: '/', match: (p) => p === '/' || p.startsWith('/kiosk') || p === '/calendar/scheduling', icon: CalendarIcon },
    { label: 'Products', to: PRODUCTS, match: (p) => pathStartsWith(PRODUCTS)(p) || p.startsWith(`${PACKAGE_PAGES}/`), icon: PackageIcon },
    { label: 'Account', to: '/account', match: pathStartsWith('/account'), icon: AccountIcon },
  ];
  return <MobileShell tabs={tabs} navLabel="Mobile navigation" banner={<BannerModal />} />;
}
