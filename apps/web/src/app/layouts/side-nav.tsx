import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { NavItem } from './staff-nav-items';

function isActive(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

type SideNavProps = { items: NavItem[]; onNavigate?: () => void };

/** The side navigation of the staff and platform layouts; groups open when one of their pages is active. */
export function SideNav({ items, onNavigate }: SideNavProps) {
  const { pathname } = useLocation();
  return (
    // Native scrolling: Mantine's ScrollArea would bring floating-ui into every signed-in page's first load.
    <div style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
      {items.map((item) =>
        'to' in item ? (
          <NavLink
            key={item.label}
            component={Link}
            to={item.to}
            label={item.label}
            active={isActive(pathname, item.to)}
            aria-current={isActive(pathname, item.to) ? 'page' : undefined}
            onClick={onNavigate}
          />
        ) : (
          <NavLink
            key={item.label}
            label={item.label}
            defaultOpened={item.children.some((child) => isActive(pathname, child.to))}
          >
            {item.children.map((child) => (
              <NavLink
                key={child.to}
                component={Link}
                to={child.to}
                label={child.label}
                active={isActive(pathname, child.to)}
                aria-current={isActive(pathname, child.to) ? 'page' : undefined}
                onClick={onNavigate}
              />
            ))}
          </NavLink>
        ),
      )}
    </div>
  );
}
