import { useId, useState } from 'react';
import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { MenuLeaf } from '@spotter/shared';
import type { NavItem } from './staff-nav-items';

function isActive(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * The one page of a group that is current: the longest of its links the path lies under (on /flows/templates,
 * Message Templates, not Automation Flows at /flows as well).
 */
function currentOf(children: MenuLeaf[], pathname: string): string | null {
  let best: string | null = null;
  for (const child of children) if (isActive(pathname, child.to) && (best === null || child.to.length > best.length)) best = child.to;
  return best;
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
          <NavLeaf key={item.label} leaf={item} active={isActive(pathname, item.to)} onNavigate={onNavigate} />
        ) : (
          <NavGroup key={item.label} item={item} pathname={pathname} onNavigate={onNavigate} />
        ),
      )}
    </div>
  );
}

/**
 * A group of the menu (Calendar, Products, …): a real disclosure button, so Tab reaches it and Enter or Space opens it
 * (issue 23: it was an <a> with no href, which the keyboard skipped). Open when one of its pages is active.
 */
function NavGroup({ item, pathname, onNavigate }: { item: { label: string; children: MenuLeaf[] }; pathname: string; onNavigate?: () => void }) {
  const current = currentOf(item.children, pathname);
  const [opened, setOpened] = useState(() => current !== null);
  const id = useId();
  return (
    <NavLink component="button" type="button" label={item.label} opened={opened} onChange={setOpened} aria-expanded={opened} aria-controls={id}>
      <div id={id}>
        {item.children.map((child) => (
          <NavLeaf key={child.to} leaf={child} active={child.to === current} onNavigate={onNavigate} />
        ))}
      </div>
    </NavLink>
  );
}

/** A page of the menu: a link, marked as the current page when it is. */
function NavLeaf({ leaf, active, onNavigate }: { leaf: MenuLeaf; active: boolean; onNavigate?: () => void }) {
  return <NavLink component={Link} to={leaf.to} label={leaf.label} active={active} aria-current={active ? 'page' : undefined} onClick={onNavigate} />;
}
