import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Dashboard } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { changeOf, DashboardPage } from './dashboard-page';
import { cellLabel, weekdayOrder } from './attendance-heatmap';

afterEach(() => vi.unstubAllGlobals());

const owner = buildSession({ role: 'owner' });
const base: Dashboard = {
  today: '2026-03-04',
  currency: 'USD',
  taxLabel: 'Tax',
  timeZone: 'America/Chicago',
  cards: [],
  revenueTrend: null,
  attendanceHeatmap: null,
  todayClasses: null,
};

function serve(answer: Dashboard | Response) {
  return stubFetch((url) => (url.includes('/api/dashboard/') ? (answer instanceof Response ? answer : jsonResponse(answer)) : undefined));
}

describe('DashboardPage', () => {
  it('shows only the cards given, each linking to its report with its range, value, previous value and change', async () => {
    serve({
      ...base,
      cards: [
        {
          key: 'revenue',
          label: 'Revenue this month',
          value: 1234500,
          previous: 1000000,
          previousLabel: 'Last month to date',
          unit: 'money',
          report: 'total-revenue',
          from: '2026-03-01',
          to: '2026-03-04',
        },
        {
          key: 'activeMembers',
          label: 'Active members',
          value: 120,
          previous: null,
          previousLabel: null,
          unit: 'count',
          report: 'total-members',
          from: '2026-03-04',
          to: '2026-03-04',
        },
      ],
    });
    render(<DashboardPage />, { session: owner });
    const revenue = await screen.findByRole('link', { name: /Revenue this month/ });
    expect(revenue.getAttribute('href')).toBe('/reports/arm/total-revenue?from=2026-03-01&to=2026-03-04&preset=custom');
    expect(within(revenue).getByText('$12,345.00')).toBeTruthy();
    expect(within(revenue).getByText('Last month to date: $10,000.00 (+23%)')).toBeTruthy();
    const members = screen.getByRole('link', { name: /Active members/ });
    expect(members.getAttribute('href')).toBe('/reports/arm/total-members?from=2026-03-04&to=2026-03-04&preset=custom');
    expect(within(members).getByText('120')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Figures' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: /Revenue, last 12 months/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Attendance by weekday and hour' })).toBeNull();
  });

  it('labels every heatmap cell, starts the week on Sunday in the US, and lists today’s classes with their fill', async () => {
    serve({
      ...base,
      attendanceHeatmap: [
        { weekday: 0, hour: 18, count: 12 },
        { weekday: 6, hour: 9, count: 1 },
      ],
      todayClasses: [{ eventId: '44444444-4444-4444-8444-444444444444', name: 'CrossFit', startTime: '18:00:00', capacity: 12, booked: 9, checkedIn: 2 }],
    });
    render(<DashboardPage />, { session: owner });
    const region = await screen.findByRole('region', { name: 'Attendance by weekday and hour' });
    const cells = within(region).getAllByRole('img');
    expect(cells).toHaveLength(7 * 10);
    expect(cells[0]!.getAttribute('aria-label')).toBe('Sunday 9:00 AM: 1 check-in');
    expect(within(region).getByRole('img', { name: 'Monday 6:00 PM: 12 check-ins' })).toBeTruthy();
    expect(screen.getByText(/Busiest: Monday 6:00 PM: 12 check-ins/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'CrossFit at 6:00 PM: 9 of 12 places booked' })).toBeTruthy();
    expect(screen.getByText('9/12 booked · 2 checked in')).toBeTruthy();
  });

  it('lists the reports the staff member may open only', async () => {
    serve(base);
    const staff = buildSession({
      role: 'staff',
      staff: { staffId: '55555555-5555-4555-8555-555555555555', permissions: ['BusinessMetricsReportsView', 'AccountingReportsView'] },
    } as never);
    render(<DashboardPage />, { session: staff });
    const nav = await screen.findByRole('navigation', { name: 'Reports' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/reports/arm/total-revenue', '/reports/arm/upcoming-revenue']);
    expect(await screen.findByText('Nothing to show yet')).toBeTruthy();
  });

  it('shows the server’s message when the dashboard fails', async () => {
    serve(jsonResponse({ message: 'The dashboard is not available yet.', code: 'not_built' }, 501));
    render(<DashboardPage />, { session: owner });
    expect(await screen.findByText('The dashboard is not available yet.')).toBeTruthy();
  });

  it('weekdays and changes as written', () => {
    expect(weekdayOrder('GB')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekdayOrder('US')[0]).toBe(6);
    expect(cellLabel(4, 18, 1, 'GB')).toBe('Friday 18:00: 1 check-in');
    expect(changeOf({ value: 5, previous: 0, unit: 'count' }, 'US')).toBe('+5');
    expect(changeOf({ value: 50, previous: 100, unit: 'count' }, 'US')).toBe('−50%');
    expect(changeOf({ value: 7, previous: 7, unit: 'count' }, 'US')).toBe('No change');
  });
});
