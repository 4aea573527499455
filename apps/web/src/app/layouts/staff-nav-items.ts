import { menuFor, type MenuItem, type Session } from '@spotter/shared';

export type NavItem = MenuItem;

/** Spec 2.7: the desktop menu without the entries this session may not open (packages/shared navigation). */
export function staffNavItems(session: Session): NavItem[] {
  return menuFor(session, { narrow: false, kioskMode: false });
}
