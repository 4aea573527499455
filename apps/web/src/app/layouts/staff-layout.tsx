import { BannerModal } from '../../features/banners/components/banner-modal';
import { useCurrentSession } from '../../features/auth/api/get-session';
import { DesktopShell } from './desktop-shell';
import { staffNavItems } from './staff-nav-items';

export function StaffLayout() {
  const session = useCurrentSession();
  return <DesktopShell session={session} navItems={staffNavItems(session)} navLabel="Main navigation" banner={<BannerModal />} />;
}
