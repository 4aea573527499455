import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '../../testing/render';
import { buildSession } from '../../testing/factories';
import { SideNav } from './side-nav';

const items = [
  { label: 'Dashboard', to: '/' },
  {
    label: 'Calendar',
    children: [
      { label: 'Scheduling', to: '/calendar/scheduling' },
      { label: 'Availability', to: '/calendar/availability' },
    ],
  },
  { label: 'Users', children: [{ label: 'Athletes', to: '/users/athletes' }] },
  { label: 'Log Work', to: '/log-work' },
];

describe('SideNav (issue 23: every menu page by keyboard)', () => {
  it('makes each group a disclosure button that Tab reaches and Enter opens, its pages inside it', async () => {
    const user = userEvent.setup();
    render(<SideNav items={items} />, { session: buildSession({ role: 'owner' }), route: '/' });
    const calendar = screen.getByRole('button', { name: 'Calendar' });
    expect(calendar.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(calendar.getAttribute('aria-controls')!)).not.toBeNull();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Dashboard');
    await user.tab();
    expect(document.activeElement).toBe(calendar);
    await user.keyboard('{Enter}');
    expect(calendar.getAttribute('aria-expanded')).toBe('true');
    // Its pages follow it (the browser journey e2e/menu-keyboard.e2e.ts tabs into them; jsdom does not run the opening).
    expect(document.getElementById(calendar.getAttribute('aria-controls')!)!.contains(screen.getByRole('link', { name: 'Scheduling', hidden: true }))).toBe(
      true,
    );
    expect(screen.getByRole('link', { name: 'Scheduling', hidden: true }).getAttribute('href')).toBe('/calendar/scheduling');
    // Space closes it again.
    calendar.focus();
    await user.keyboard(' ');
    expect(calendar.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the group of the active page', () => {
    render(<SideNav items={items} />, { session: buildSession({ role: 'owner' }), route: '/users/athletes' });
    expect(screen.getByRole('button', { name: 'Users' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Calendar' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('link', { name: 'Athletes' }).getAttribute('aria-current')).toBe('page');
  });

  it('marks one page of a group current: the longest link the path lies under', () => {
    const flows = [
      {
        label: 'Notifications',
        children: [
          { label: 'Automation Flows', to: '/flows' },
          { label: 'Message Templates', to: '/flows/templates' },
        ],
      },
    ];
    render(<SideNav items={flows} />, { session: buildSession({ role: 'owner' }), route: '/flows/templates' });
    expect(screen.getByRole('link', { name: 'Message Templates' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Automation Flows' }).getAttribute('aria-current')).toBeNull();
  });
});
