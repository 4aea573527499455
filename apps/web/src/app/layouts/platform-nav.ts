import { menuFor, type Session } from '@spotter/shared';
import type { NavItem } from './staff-nav-items';

/** Spec 2.6: Gyms and Demo Gyms; the sales team sees only Demo Gyms. */
export function platformNavItems(session: Session): NavItem[] {
  return menuFor(session, { narrow: false, kioskMode: false });
}
