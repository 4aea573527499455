import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { reportDefinitions, type Gym, type Permission, type Report, type ReportDetailPage, type Session } from '@spotter/shared';
import { buildSession } from '../../../testing/factories';
import { render } from '../../../testing/render';
import { callsTo, jsonResponse, stubFetch, type FetchHandler } from '../../../testing/stub-fetch';
import { ReportPage } from './report-page';

const GYM_ID = '22222222-2222-4222-8222-222222222222';
const INVOICE_ID = '33333333-3333-4333-8333-333333333333';
const ATHLETE_ID = '44444444-4444-4444-8444-444444444444';

const gym: Gym = {
  gymId: GYM_ID,
  title: 'Iron Temple Barbell',
  email: null,
  profilePicture: null,
  country: 'US',
  timeZone: 'America/Chicago',
  isTaxInclusive: false,
  eventSettings: { classes: { taxRate: null } },
};

const session = (role: 'owner' | 'staff' = 'owner', permissions: Permission[] = []): Session =>
  buildSession({
    role,
    gym: { gymId: GYM_ID, title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: '55555555-5555-4555-8555-555555555555' },
    staff: { staffId: '66666666-6666-4666-8666-666666666666', permissions },
  });

const revenue = (o: Partial<Report> = {}): Report => ({
  type: 'total-revenue',
  title: 'Total Revenue',
  definition: reportDefinitions['total-revenue'].definition,
  unit: 'money',
  chart: 'bar',
  drill: 'invoices',
  from: '2026-03-01',
  to: '2026-03-15',
  previousFrom: '2026-02-14',
  previousTo: '2026-02-28',
  bucket: 'day',
  currency: 'USD',
  taxLabel: 'Tax',
  timeZone: 'America/Chicago',
  total: 15000,
  previousTotal: 12000,
  totalLabel: 'Money received',
  points: [
    { key: '2026-03-01', label: 'Mar 1', value: 10000, previous: 8000 },
    { key: '2026-03-02', label: 'Mar 2', value: 5000, previous: 4000 },
  ],
  columns: [
    { key: 'period', label: 'Period', kind: 'text' },
    { key: 'received', label: 'Received', kind: 'money' },
  ],
  rows: [
    { key: '2026-03-01', cells: { period: 'Mar 1', received: 10000 }, canDrill: true },
    { key: '2026-03-02', cells: { period: 'Mar 2', received: 5000 }, canDrill: true },
    { key: '2026-03-03', cells: { period: 'Mar 3', received: 0 }, canDrill: false },
  ],
  truncated: false,
  ...o,
});

const details: ReportDetailPage = {
  count: 1,
  results: [
    {
      kind: 'invoice',
      id: INVOICE_ID,
      label: 'Invoice 42',
      detail: 'Carla Diaz',
      athleteId: ATHLETE_ID,
      invoiceId: INVOICE_ID,
      date: '2026-03-01',
      amountMinor: 10000,
    },
  ],
};

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function setUp(handler: FetchHandler = () => undefined) {
  return stubFetch((url, init) => {
    if (url.includes(`/gyms/${GYM_ID}/`)) return jsonResponse(gym);
    if (url.includes('/locations/')) return jsonResponse({ count: 0, next: null, previous: null, results: [] });
    return handler(url, init);
  });
}

const show = (path: string, who: Session = session()) =>
  render(
    <>
      <ReportPage />
      <Address />
    </>,
    { route: path, session: who },
  );

const address = () => screen.getByTestId('address').textContent ?? '';

beforeEach(() => {
  // 15 March 2026, noon in Chicago: the gym's today.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-15T17:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ReportPage', () => {
  it('asks for This month by default, and a preset chosen goes into the address and the request', { timeout: 30_000 }, async () => {
    const fetchMock = setUp((url) => (url.includes('/reports/total-revenue/') ? jsonResponse(revenue()) : undefined));
    show('/reports/arm/total-revenue');
    // The first render of the file loads Mantine's and the charts' modules: a longer wait.
    await screen.findByText('$150.00', {}, { timeout: 20_000 });
    expect(callsTo(fetchMock, 'GET', '/reports/total-revenue/?from=2026-03-01&to=2026-03-15&compare=true')).toHaveLength(1);
    expect(screen.getByText('How this is counted')).toBeTruthy();
    expect(screen.getByText(reportDefinitions['total-revenue'].definition)).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Range' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Last 12 months' }));
    await waitFor(() => expect(address()).toBe('/reports/arm/total-revenue?preset=last12&from=2025-04-01&to=2026-03-15'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/reports/total-revenue/?from=2025-04-01&to=2026-03-15&compare=true')).toHaveLength(1));
  });

  it('keeps the range of a link, and shows the figure against the previous period with its change', async () => {
    const fetchMock = setUp((url) => (url.includes('/reports/total-revenue/') ? jsonResponse(revenue()) : undefined));
    show('/reports/arm/total-revenue?from=2026-03-01&to=2026-03-15&preset=custom');
    await screen.findByText('$150.00');
    expect(screen.getByTestId('report-change').textContent).toContain('Up 25.0% from $120.00 in the previous period (02/14/2026 – 02/28/2026)');
    expect(screen.getByRole('figure', { name: 'Chart of Total Revenue, this period and the previous one' }).textContent).toContain(
      'Mar 1: $100.00 (previous period $80.00)',
    );

    fireEvent.click(screen.getByRole('switch', { name: 'Compare with the previous period' }));
    await waitFor(() => expect(address()).toContain('compare=false'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', 'compare=false')).toHaveLength(1));
  });

  it('opens a row’s drill-down: the invoices behind it, each linking to its invoice', async () => {
    const fetchMock = setUp((url) => {
      if (url.includes('/reports/total-revenue/details/')) return jsonResponse(details);
      if (url.includes('/reports/total-revenue/')) return jsonResponse(revenue());
      return undefined;
    });
    show('/reports/arm/total-revenue');
    const table = await screen.findByRole('region', { name: 'Total Revenue table' });
    expect(within(table).getByRole('cell', { name: '$100.00' })).toBeTruthy();
    // A row with nothing behind it has no button.
    expect(within(table).queryByRole('button', { name: /Mar 3/ })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Show who is behind Mar 1' }));
    const drawer = await screen.findByRole('dialog', { name: 'Mar 1' });
    const link = await within(drawer).findByRole('link', { name: 'Invoice 42' });
    expect(link.getAttribute('href')).toBe(`/invoices?invoice=${INVOICE_ID}`);
    expect(within(drawer).getByText('Carla Diaz')).toBeTruthy();
    expect(
      callsTo(fetchMock, 'GET', '/reports/total-revenue/details/?from=2026-03-01&to=2026-03-15&compare=true&key=2026-03-01&limit=25&offset=0'),
    ).toHaveLength(1);
  });

  it('downloads the CSV from the report’s csv endpoint with the same range', async () => {
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const fetchMock = setUp((url) => {
      if (url.includes('/reports/total-revenue/csv/'))
        return new Response('Period,Received\nMar 1,$100.00\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="total-revenue.csv"' },
        });
      if (url.includes('/reports/total-revenue/')) return jsonResponse(revenue());
      return undefined;
    });
    show('/reports/arm/total-revenue');
    await screen.findByText('$150.00');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/reports/total-revenue/csv/?from=2026-03-01&to=2026-03-15&compare=true')).toHaveLength(1));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });

  it('says so when the server refuses (403), and when the person lacks the report’s permission', async () => {
    setUp((url) => (url.includes('/reports/total-revenue/') ? jsonResponse({ message: 'Forbidden.', code: 'forbidden' }, 403) : undefined));
    show('/reports/arm/total-revenue');
    expect(await screen.findByText('You do not have permission to see this report.')).toBeTruthy();
  });

  it('refuses a staff member without the group permission before asking the server', async () => {
    const fetchMock = setUp();
    show('/reports/arm/total-revenue', session('staff', ['BusinessMetricsReportsView', 'AthleteReportsView']));
    expect(await screen.findByText('You do not have permission to see this report.')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/reports/')).toHaveLength(0);
  });

  it('offers in its Reports menu only the reports the person may see', async () => {
    setUp((url) =>
      url.includes('/reports/new-members/')
        ? jsonResponse(revenue({ type: 'new-members', title: 'New members', unit: 'count', total: 3, previousTotal: 1 }))
        : undefined,
    );
    show('/reports/arm/new-members', session('staff', ['BusinessMetricsReportsView', 'AthleteReportsView']));
    await screen.findByText('3');
    fireEvent.click(screen.getByRole('combobox', { name: 'Reports' }));
    expect(await screen.findByRole('option', { name: 'Total members' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Total revenue' })).toBeNull();
  });

  it('disables the location filter for a report about the whole gym', async () => {
    setUp((url) => (url.includes('/reports/total-revenue/') ? jsonResponse(revenue()) : undefined));
    show('/reports/arm/total-revenue');
    await screen.findByText('$150.00');
    expect((screen.getByRole('combobox', { name: 'Location' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('This report covers the whole gym.')).toBeTruthy();
  });

  it('shows what to do next when the range holds nothing', async () => {
    setUp((url) =>
      url.includes('/reports/total-revenue/')
        ? jsonResponse(revenue({ total: 0, previousTotal: 0, rows: [{ key: '2026-03-01', cells: { period: 'Mar 1', received: 0 }, canDrill: false }] }))
        : undefined,
    );
    show('/reports/arm/total-revenue');
    expect(await screen.findByText(/Nothing in this range\. Try a longer range/)).toBeTruthy();
  });
});
