import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PayRate, PayrollReport, Session, WorkEntry } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { callsTo, jsonResponse, stubFetch, type FetchHandler } from '../../../testing/stub-fetch';
import { PayRatesPage } from './pay-rates-page';
import { LogWorkPage } from './log-work-page';
import { PayrollReportPage } from './payroll-report-page';
import { inputOf, blankRate } from './pay-rate-form';

afterEach(() => vi.unstubAllGlobals());

const GYM_ID = '22222222-2222-4222-8222-222222222222';
let n = 0;
const uuid = () => `77777777-7777-4777-8777-${String(++n).padStart(12, '0')}`;
const STAFF_ID = uuid();
const session = (o: { role?: 'owner' | 'staff'; permissions?: string[] } = {}): Session =>
  buildSession({
    role: o.role ?? 'owner',
    gym: { gymId: GYM_ID, title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: uuid() },
    staff: { staffId: STAFF_ID, permissions: (o.permissions ?? []) as never },
  });
const gym = (country = 'US', timeZone = 'America/Chicago') => ({
  gymId: GYM_ID,
  title: 'Iron Temple Barbell',
  email: null,
  profilePicture: null,
  country,
  timeZone,
  isTaxInclusive: false,
  eventSettings: { classes: { taxRate: null } },
});
const stub = (handler: FetchHandler, g = gym()) =>
  stubFetch((url, init) => {
    if (url === `/api/gyms/${GYM_ID}/`) return jsonResponse(g);
    return handler(url, init);
  });
const rate = (o: Partial<PayRate> = {}): PayRate => ({
  payRateId: uuid(),
  name: 'Coach per class',
  kind: 'class_flat',
  amountMinor: 2500,
  perAthleteMinor: 200,
  athleteThreshold: 8,
  capMinor: 4500,
  tiers: [],
  commissionBasisPoints: 0,
  isArchived: false,
  inUse: false,
  ...o,
});
const CATEGORY = uuid();

describe('PayRatesPage (issue 37 /payroll/pay-rates)', () => {
  it("shows each rate's terms in the gym's currency, and says what to do when there are none", async () => {
    stub(
      (url) =>
        url.startsWith('/api/payroll/pay-rates/?')
          ? jsonResponse({
              results: [
                rate(),
                rate({
                  name: 'Tiers',
                  kind: 'class_tiered',
                  amountMinor: 0,
                  tiers: [
                    { fromAthletes: 0, amountMinor: 1500 },
                    { fromAthletes: 5, amountMinor: 2500 },
                  ],
                }),
              ],
            })
          : undefined,
      gym('GB', 'Europe/London'),
    );
    render(<PayRatesPage />, { session: session(), route: '/payroll/pay-rates' });
    expect(await screen.findByText('£25.00 per class + £2.00 per athlete above 8, at most £45.00')).toBeTruthy();
    expect(screen.getByText('0–4: £15.00 · 5+: £25.00')).toBeTruthy();
  });

  it('creates a rate with its money in minor units, and shows the server refusal on its field', async () => {
    const fetchMock = stub((url, init) => {
      if (url.startsWith('/api/payroll/pay-rates/?')) return jsonResponse({ results: [] });
      if (url === '/api/payroll/pay-rates/' && init?.method === 'POST')
        return jsonResponse(
          { message: 'A pay rate with this name already exists.', code: 'validation_error', fields: { name: ['A pay rate with this name already exists.'] } },
          400,
        );
      return undefined;
    });
    render(<PayRatesPage />, { session: session(), route: '/payroll/pay-rates' });
    expect(await screen.findByText(/No pay rates yet/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'New pay rate' })[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Coach per class' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create pay rate' }));
    // The amount is required for a per-class rate: nothing is sent yet.
    expect(await within(dialog).findByText('Enter the amount.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/payroll/pay-rates/')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Amount per class/), { target: { value: '25.50' } });
    fireEvent.change(within(dialog).getByLabelText(/Cap per class/), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create pay rate' }));
    expect(await within(dialog).findByText('A pay rate with this name already exists.')).toBeTruthy();
    const body = JSON.parse(String(callsTo(fetchMock, 'POST', '/api/payroll/pay-rates/')[0]![1]!.body));
    expect(body).toMatchObject({ name: 'Coach per class', kind: 'class_flat', amountMinor: 2550, capMinor: 4000, perAthleteMinor: 0 });
  });

  it('turns tiers and a percentage into minor units and hundredths of a percent', () => {
    const tiers = inputOf({
      ...blankRate(),
      name: ' T ',
      kind: 'class_tiered',
      tiers: [
        { fromAthletes: 0, amount: 15 },
        { fromAthletes: 5, amount: 25.05 },
      ],
    });
    expect(tiers).toMatchObject({
      name: 'T',
      tiers: [
        { fromAthletes: 0, amountMinor: 1500 },
        { fromAthletes: 5, amountMinor: 2505 },
      ],
    });
    expect(inputOf({ ...blankRate(), kind: 'commission', percent: 12.5 }).commissionBasisPoints).toBe(1250);
  });
});

const entry = (o: Partial<WorkEntry> = {}): WorkEntry => ({
  workEntryId: uuid(),
  staffId: STAFF_ID,
  staffName: 'Sam Desk',
  workCategoryId: CATEGORY,
  categoryName: 'Front desk',
  date: '2026-03-02',
  startsAt: '2026-03-02T15:00:00.000Z',
  endsAt: '2026-03-02T17:30:00.000Z',
  minutes: 150,
  note: '',
  status: 'pending',
  reviewReason: '',
  reviewedByName: null,
  canEdit: true,
  ...o,
});

describe('LogWorkPage (issue 37 /log-work)', () => {
  it("lists own entries in the gym's zone and formats, logs time, and shows an overlap refusal on the start", async () => {
    const fetchMock = stub((url, init) => {
      if (url.startsWith('/api/payroll/work-entries/?'))
        return jsonResponse({
          results: [
            entry(),
            entry({ date: '2026-02-27', startsAt: null, endsAt: null, minutes: 45, status: 'rejected', reviewReason: 'Not scheduled', canEdit: true }),
          ],
        });
      if (url === '/api/payroll/work-categories/') return jsonResponse({ results: [{ workCategoryId: CATEGORY, name: 'Front desk', isArchived: false }] });
      if (url === '/api/payroll/work-entries/' && init?.method === 'POST')
        return jsonResponse({ message: 'This time overlaps another of your entries.', code: 'work_overlaps' }, 409);
      return undefined;
    });
    render(<LogWorkPage />, { session: session({ role: 'staff' }), route: '/log-work' });
    expect(await screen.findByText('03/02/2026, 9:00 AM–11:30 AM')).toBeTruthy();
    expect(screen.getByText('2 h 30 min')).toBeTruthy();
    expect(screen.getByText('Not scheduled')).toBeTruthy();
    // Without PayrollMutate there is nothing to approve, and everyone's entries are never asked for.
    expect(screen.queryByText('To approve')).toBeNull();
    expect(callsTo(fetchMock, 'GET', '/api/payroll/work-entries/?scope=all')).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Log time' })[0]!);
    const dialog = await screen.findByRole('dialog');
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('combobox', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Front desk' }));
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2026-03-02' } });
    fireEvent.change(within(dialog).getByLabelText(/^Start(\s*\*)?$/), { target: { value: '11:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^End(\s*\*)?$/), { target: { value: '10:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log time' }));
    expect(await within(dialog).findByText('The end must be after the start.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^End(\s*\*)?$/), { target: { value: '12:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log time' }));
    expect(await within(dialog).findByText('This time overlaps another of your entries.')).toBeTruthy();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/api/payroll/work-entries/')[0]![1]!.body))).toEqual({
      workCategoryId: CATEGORY,
      date: '2026-03-02',
      startTime: '11:00',
      endTime: '12:00',
      durationMinutes: null,
      note: '',
    });
  });
});

describe('PayrollReportPage (issue 37 /payroll/payroll-report)', () => {
  it('shows a row per staff member with totals, opens its lines, and says what to do when the period is empty', async () => {
    const report: PayrollReport = {
      from: '2026-02-01',
      to: '2026-02-28',
      unratedLines: 1,
      rows: [
        {
          staffId: STAFF_ID,
          name: 'Avery Coach',
          email: 'avery@example.com',
          classes: 3,
          classMinor: 5900,
          appointments: 0,
          appointmentMinor: 0,
          workMinutes: 150,
          workMinor: 5000,
          soldMinor: 0,
          commissionMinor: 0,
          totalMinor: 10900,
          lines: [
            {
              kind: 'class',
              date: '2026-02-10',
              item: 'Olympic Lifting',
              detail: '8 checked in · 1 h',
              checkedIn: 8,
              minutes: 60,
              soldMinor: null,
              payRateId: uuid(),
              rateName: 'Flat plus',
              amountMinor: 3400,
              cancelled: false,
            },
            {
              kind: 'class',
              date: '2026-02-20',
              item: 'Olympic Lifting',
              detail: '0 checked in · 1 h',
              checkedIn: 0,
              minutes: 60,
              soldMinor: null,
              payRateId: uuid(),
              rateName: 'Flat plus',
              amountMinor: 2500,
              cancelled: true,
            },
            {
              kind: 'class',
              date: '2026-02-21',
              item: 'Olympic Lifting',
              detail: '7 checked in · 1 h',
              checkedIn: 7,
              minutes: 60,
              soldMinor: null,
              payRateId: null,
              rateName: null,
              amountMinor: 0,
              cancelled: false,
            },
          ],
        },
      ],
      totals: {
        classes: 3,
        classMinor: 5900,
        appointments: 0,
        appointmentMinor: 0,
        workMinutes: 150,
        workMinor: 5000,
        soldMinor: 0,
        commissionMinor: 0,
        totalMinor: 10900,
      },
    };
    const fetchMock = stub((url) => {
      if (url.startsWith('/api/payroll/report/?')) return jsonResponse(url.includes('from=2026-02-01') ? report : { ...report, rows: [], unratedLines: 0 });
      if (url === '/api/payroll/options/') return jsonResponse({ staff: [], classTypes: [], appointmentTypes: [], locations: [] });
      return undefined;
    });
    vi.setSystemTime(new Date('2026-03-04T20:30:00Z'));
    try {
      render(<PayrollReportPage />, { session: session(), route: '/payroll/payroll-report' });
      const table = await screen.findByRole('table', { name: 'Payroll' });
      expect(within(table).getAllByText('$109.00')).toHaveLength(2);
      expect(screen.getByText(/1 line has no rate assigned/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Avery Coach: show lines' }));
      const lines = screen.getByRole('table', { name: 'Pay lines of Avery Coach' });
      expect(within(lines).getByText('02/10/2026')).toBeTruthy();
      expect(within(lines).getByText('$34.00')).toBeTruthy();
      expect(within(lines).getByText('No rate assigned')).toBeTruthy();
      // A cancelled class the gym pays is marked so.
      expect(within(lines).getAllByText('Cancelled')).toHaveLength(1);
      // Last month by default; this week has nothing.
      expect(String(callsTo(fetchMock, 'GET', '/api/payroll/report/?')[0]![0])).toContain('from=2026-02-01&to=2026-02-28');
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-02' } });
      expect(await screen.findByText(/Nothing to pay from 03\/02\/2026/)).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
