import { BannerModal } from '../../features/banners/components/banner-modal';
import { useCurrentSession } from '../../features/auth/api/get-session';
import { DesktopShell } from './desktop-shell';
import { platformNavItems } from './platform-nav';

export function PlatformLayout() {
  const session = useCurrentSession();
  return <DesktopShell session={session} navItems={platformNavItems(session)} navLabel="Platform navigation" banner={<BannerModal />} />;
}
