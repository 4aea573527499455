import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { athletePackageMessages, type AthletePackage, type CreditLedgerRow, type Gym, type Session } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { callsTo, jsonResponse, stubFetch, type FetchHandler } from '../../../testing/stub-fetch';
import { PackagesTab } from './packages-tab';
import { MyPackagePage, MyPackagesPage } from './my-packages-page';
import { cancelNotice, firstChargeOf, validateAdjust, validateCancel, validateHold } from './package-dialogs';
import { byStanding } from './parts';

afterEach(() => vi.unstubAllGlobals());

const GYM_ID = '22222222-2222-4222-8222-222222222222';
const ATHLETE_ID = '33333333-3333-4333-8333-333333333333';
const PACK_ID = '66666666-6666-4666-8666-666666666666';
const MEMBERSHIP_ID = '77777777-7777-4777-8777-777777777777';
const CATALOG_PACKAGE = '88888888-8888-4888-8888-888888888888';
const CATALOG_PLAN = '99999999-9999-4999-8999-999999999999';
const EVENT_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

const staff = (): Session =>
  buildSession({
    role: 'staff',
    gym: { gymId: GYM_ID, title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: '44444444-4444-4444-8444-444444444444' },
    staff: { staffId: '55555555-5555-4555-8555-555555555555', permissions: ['AthleteView'] },
  });
const athlete = (): Session =>
  buildSession({
    role: 'athlete',
    gym: { gymId: GYM_ID, title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: '44444444-4444-4444-8444-444444444444' },
    athlete: { athleteId: ATHLETE_ID },
  } as Partial<Session>);
const gym = (country: Gym['country'] = 'GB'): Gym => ({
  gymId: GYM_ID,
  title: 'Iron Temple Barbell',
  email: null,
  profilePicture: null,
  country,
  timeZone: country === 'GB' ? 'Europe/London' : 'America/Chicago',
  isTaxInclusive: country === 'GB',
  eventSettings: { classes: { taxRate: null } },
});

const pkg = (o: Partial<AthletePackage> = {}): AthletePackage => ({
  athletePackageId: PACK_ID,
  athleteId: ATHLETE_ID,
  athleteName: 'Dana Lopez',
  package: { packageId: CATALOG_PACKAGE, name: '10-class pack', kind: 'class_pack', category: 'Class packs' },
  billingPlan: null,
  status: 'ended',
  startDate: '2026-01-05',
  endDate: '2026-04-05',
  nextBillingDate: null,
  holdStartsOn: null,
  holdEndsOn: null,
  cancelledAt: null,
  cancelReason: null,
  priceMinor: 9000,
  signUpFeeMinor: 0,
  credits: { balance: 3, granted: 10 },
  sessions: null,
  limits: { perDay: null, perWeek: null },
  source: 'staff',
  createdAt: '2026-01-05T10:00:00.000Z',
  ...o,
});
const membership = (o: Partial<AthletePackage> = {}) =>
  pkg({
    athletePackageId: MEMBERSHIP_ID,
    package: { packageId: CATALOG_PACKAGE, name: 'Unlimited', kind: 'membership', category: 'Memberships' },
    billingPlan: { billingPlanId: CATALOG_PLAN, name: 'Monthly', priceMinor: 12000, interval: 'month', intervalCount: 1, paymentCount: null },
    status: 'active',
    startDate: '2026-02-01',
    endDate: null,
    nextBillingDate: '2026-12-01',
    priceMinor: 12000,
    signUpFeeMinor: 2500,
    credits: null,
    ...o,
  });
const ledgerRow = (o: Partial<CreditLedgerRow>): CreditLedgerRow => ({
  creditLedgerId: crypto.randomUUID(),
  delta: 10,
  reason: 'grant',
  note: '',
  reservationId: null,
  event: null,
  balanceAfter: 10,
  createdAt: '2026-01-05T10:00:00.000Z',
  ...o,
});
const catalog = {
  count: 1,
  next: null,
  previous: null,
  results: [
    {
      packageId: CATALOG_PACKAGE,
      name: 'Unlimited',
      kind: 'membership',
      category: 'Memberships',
      credits: null,
      validityDays: null,
      signUpFeeMinor: 2500,
      cancellationNoticeDays: 30,
      billingPlans: [
        {
          billingPlanId: CATALOG_PLAN,
          name: 'Monthly',
          priceMinor: 12000,
          interval: 'month',
          intervalCount: 1,
          paymentCount: null,
          startsOn: 'purchase',
          dayOfMonth: null,
        },
        {
          billingPlanId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
          name: 'Yearly',
          priceMinor: 120000,
          interval: 'year',
          intervalCount: 1,
          paymentCount: null,
          startsOn: 'purchase',
          dayOfMonth: null,
        },
      ],
    },
  ],
};

const stub = (handler: FetchHandler = () => undefined, country: Gym['country'] = 'GB') =>
  stubFetch((url, init) => (url === `/api/gyms/${GYM_ID}/` ? jsonResponse(gym(country)) : handler(url, init)));

const bodies = (fetchMock: ReturnType<typeof stubFetch>, method: string, part: string) =>
  callsTo(fetchMock, method, part).map(([, init]) => JSON.parse(init.body as string) as Record<string, unknown>);

describe('athlete package rules on screen (issue 18)', () => {
  it('puts active packages first, keeps the server order within a standing', () => {
    const list = [
      pkg({ athletePackageId: 'a', status: 'ended' }),
      membership({ athletePackageId: 'b', status: 'on_hold' }),
      membership({ athletePackageId: 'c' }),
    ];
    expect(byStanding(list).map((p) => p.athletePackageId)).toEqual(['c', 'b', 'a']);
  });

  it('validates the hold range, the cancel reason and credit adjustments with the contract texts', () => {
    expect(validateHold(null, null, '2026-11-24')).toEqual({ startsOn: 'Choose the first day of the hold.', endsOn: 'Choose the last day of the hold.' });
    expect(validateHold('2026-11-20', '2026-11-30', '2026-11-24').startsOn).toBe('The hold cannot start in the past.');
    expect(validateHold('2026-12-10', '2026-12-01', '2026-11-24').endsOn).toBe(athletePackageMessages.holdRange);
    expect(validateHold('2026-12-01', '2026-12-01', '2026-11-24')).toEqual({});
    expect(validateCancel('x'.repeat(501))).toBe(athletePackageMessages.reasonTooLong);
    expect(validateCancel('Moving away')).toBeUndefined();
    expect(validateAdjust(0, 'x', 3).delta).toBe(athletePackageMessages.deltaNotZero);
    expect(validateAdjust(-4, 'x', 3).delta).toBe('The balance cannot go below 0 (it is 3).');
    expect(validateAdjust('', '', 3)).toEqual({ delta: athletePackageMessages.deltaWhole, note: athletePackageMessages.noteRequired });
    expect(validateAdjust(2, 'Goodwill', 3)).toEqual({});
  });

  it('states the notice of a cancel and the first charge of a plan', () => {
    expect(cancelNotice(membership(), 'period_end', 'GB')).toContain('end of its current period, 30/11/2026, and is not charged again');
    expect(cancelNotice(membership(), 'now', 'GB')).toContain('ends today');
    const plan = catalog.results[0]!.billingPlans[0]! as Parameters<typeof firstChargeOf>[0];
    expect(firstChargeOf(plan, '2026-11-24')).toMatchObject({ firstChargeMinor: 12000, periodEnd: '2026-12-23', nextBillingDate: '2026-12-24' });
    expect(firstChargeOf({ ...plan, startsOn: 'day_of_month', dayOfMonth: 1 }, '2026-11-16').firstChargeMinor).toBe(6000);
  });
});

describe('PackagesTab (staff, issue 18)', () => {
  const renderTab = () => render(<PackagesTab athleteId={ATHLETE_ID} />, { session: staff() });

  it('shows the packages active first, with kind, status, price in the gym currency, dates in its format and credits', async () => {
    stub((url) =>
      url === `/api/athletes/${ATHLETE_ID}/packages/`
        ? jsonResponse({ results: [pkg(), membership({ holdStartsOn: '2026-12-10', holdEndsOn: '2026-12-20' })] })
        : undefined,
    );
    renderTab();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Unlimited', '10-class pack']);
    const [unlimited, pack] = cards as [HTMLElement, HTMLElement];
    expect(within(unlimited).getByText('Active')).toBeTruthy();
    expect(within(unlimited).getByText('£120.00 / month')).toBeTruthy();
    expect(within(unlimited).getByText('£25.00')).toBeTruthy();
    expect(within(unlimited).getByText('Unlimited', { selector: 'dd' })).toBeTruthy();
    expect(within(unlimited).getByText('01/12/2026')).toBeTruthy();
    expect(within(unlimited).getByText('10/12/2026 – 20/12/2026')).toBeTruthy();
    expect(within(pack).getByText('Ended', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(within(pack).getByText('3 of 10 credits left')).toBeTruthy();
  });

  it('says what to do when there are none, and shows the credits ledger with reasons, signs and class links', async () => {
    const fetchMock = stub((url) => {
      if (url === `/api/athletes/${ATHLETE_ID}/packages/`) return jsonResponse({ results: [pkg()] });
      if (url === `/api/athlete-packages/${PACK_ID}/ledger/`)
        return jsonResponse({
          results: [
            ledgerRow({}),
            ledgerRow({
              delta: -1,
              reason: 'booking',
              balanceAfter: 9,
              reservationId: EVENT_ID,
              event: { eventId: EVENT_ID, name: 'CrossFit', startsAt: '2026-01-06T18:00:00.000Z' },
              createdAt: '2026-01-06T09:00:00.000Z',
            }),
          ],
        });
      return undefined;
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Credits ledger' }));
    const table = await screen.findByRole('table', { name: 'Credits ledger' });
    expect(within(table).getByText('Credits granted')).toBeTruthy();
    expect(within(table).getByText('+10')).toBeTruthy();
    expect(within(table).getByText('-1')).toBeTruthy();
    expect(
      within(table)
        .getByRole('link', { name: /CrossFit · 06\/01\/2026 18:00/ })
        .getAttribute('href'),
    ).toBe(`/kiosk/${EVENT_ID}`);
    expect(callsTo(fetchMock, 'GET', '/ledger/')).toHaveLength(1);
  });

  it('empty state', async () => {
    stub((url) => (url === `/api/athletes/${ATHLETE_ID}/packages/` ? jsonResponse({ results: [] }) : undefined));
    renderTab();
    expect(await screen.findByText('No packages yet. Use Sell or assign a package to give this athlete a membership or class pack.')).toBeTruthy();
  });

  it('a failed read shows the spec error', async () => {
    stub((url) => (url === `/api/athletes/${ATHLETE_ID}/packages/` ? jsonResponse({ message: 'Boom' }, 500) : undefined));
    renderTab();
    expect(await screen.findByText('Something went wrong while fetching data!')).toBeTruthy();
  });

  it('sell dialog: picks a package and plan, shows the first charge and sign-up fee, shows the server message, and retries with the same idempotency key', async () => {
    let attempts = 0;
    const fetchMock = stub((url, init) => {
      if (url === `/api/athletes/${ATHLETE_ID}/packages/` && init.method === 'POST') {
        attempts += 1;
        return attempts === 1 ? jsonResponse({ message: 'This package is archived.', code: 'conflict' }, 409) : jsonResponse(membership(), 201);
      }
      if (url === `/api/athletes/${ATHLETE_ID}/packages/`) return jsonResponse({ results: [] });
      if (url.startsWith('/api/packages/?') && url.includes('status=active')) return jsonResponse(catalog);
      return undefined;
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Sell or assign a package' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add package' }));
    expect(await within(dialog).findByText('Choose a package.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Package/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Unlimited (Membership)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add package' }));
    expect(await within(dialog).findByText('Choose a billing plan.')).toBeTruthy();
    // Issue 34 item 8: no charge is told before the plan that makes it.
    expect(within(dialog).getByText('Choose a billing plan to see what will be charged.')).toBeTruthy();
    expect(within(dialog).queryByText(/recurring/i)).toBeNull();
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Billing plan/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Monthly — £120.00 \/ month/ }));
    expect(within(dialog).getByText(/First period: £120.00/)).toBeTruthy();
    expect(within(dialog).getByText('Sign-up fee: £25.00')).toBeTruthy();
    expect(within(dialog).getByText('Due at the sale: £145.00')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add package' }));
    expect(await within(dialog).findByText('This package is archived.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = bodies(fetchMock, 'POST', `/api/athletes/${ATHLETE_ID}/packages/`);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ packageId: CATALOG_PACKAGE, billingPlanId: CATALOG_PLAN });
    expect(sent[0]!.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(String(sent[0]!.idempotencyKey).length).toBeGreaterThanOrEqual(8);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    // A new opening makes a new key.
    fireEvent.click(screen.getByRole('button', { name: 'Sell or assign a package' }));
    const again = await screen.findByRole('dialog');
    fireEvent.click(await within(again).findByRole('combobox', { name: /Package/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Unlimited (Membership)' }));
    fireEvent.click(within(again).getByRole('combobox', { name: /Billing plan/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Yearly/ }));
    fireEvent.click(within(again).getByRole('button', { name: 'Add package' }));
    await waitFor(() => expect(bodies(fetchMock, 'POST', `/api/athletes/${ATHLETE_ID}/packages/`)).toHaveLength(3));
    expect(bodies(fetchMock, 'POST', `/api/athletes/${ATHLETE_ID}/packages/`)[2]!.idempotencyKey).not.toBe(sent[0]!.idempotencyKey);
  });

  it('hold dialog refuses an end before the start without calling the server; cancel sends when and reason', async () => {
    const fetchMock = stub((url, init) => {
      if (url === `/api/athletes/${ATHLETE_ID}/packages/`) return jsonResponse({ results: [membership()] });
      if (url === `/api/athlete-packages/${MEMBERSHIP_ID}/cancel/` && init.method === 'POST')
        return jsonResponse({ ...membership({ status: 'cancelled' }), refund: null });
      if (url.startsWith('/api/packages/?') && url.includes('status=active')) return jsonResponse(catalog);
      return undefined;
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Unlimited' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Put on hold' }));
    const hold = await screen.findByRole('dialog');
    fireEvent.click(within(hold).getByRole('button', { name: 'Put on hold' }));
    expect(await within(hold).findByText('Choose the last day of the hold.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/hold/')).toHaveLength(0);
    fireEvent.click(within(hold).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Unlimited' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Cancel…' }));
    const cancel = await screen.findByRole('dialog');
    expect(within(cancel).getByText(/current period, 30\/11\/2026/)).toBeTruthy();
    expect(await within(cancel).findByText('Notice period: 30 days.')).toBeTruthy();
    fireEvent.change(within(cancel).getByLabelText('Reason'), { target: { value: 'x'.repeat(501) } });
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancel at period end' }));
    expect(await within(cancel).findByText(athletePackageMessages.reasonTooLong)).toBeTruthy();
    fireEvent.click(within(cancel).getByRole('radio', { name: 'At once' }));
    expect(within(cancel).getByText(/ends today/)).toBeTruthy();
    fireEvent.change(within(cancel).getByLabelText('Reason'), { target: { value: 'Moving away' } });
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancel at once' }));
    await waitFor(() => expect(bodies(fetchMock, 'POST', '/cancel/')).toEqual([{ when: 'now', reason: 'Moving away', refundUnused: false }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Without the Invoices permission nothing about a refund is asked or shown.
    expect(callsTo(fetchMock, 'GET', '/cancel-refund/')).toHaveLength(0);
  });
});

const VISA = {
  paymentMethodId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  type: 'CARD',
  nickname: null,
  metadata: { brand: 'visa', last4: '4242', bankName: null },
  isDefault: true,
  createdAt: '2026-01-05T10:00:00.000Z',
};
const owner = (): Session =>
  buildSession({
    role: 'owner',
    gym: { gymId: GYM_ID, title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: '44444444-4444-4444-8444-444444444444' },
    staff: { staffId: '55555555-5555-4555-8555-555555555555', permissions: ['AthleteView', 'InvoiceReportsView'] },
  });

describe('money at the desk (issue 18)', () => {
  /** Opens the sell dialog and picks the monthly plan of the catalogue's membership. */
  async function pickMonthly() {
    fireEvent.click(await screen.findByRole('button', { name: 'Sell or assign a package' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('combobox', { name: /Package/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Unlimited (Membership)' }));
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Billing plan/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Monthly — £120.00 \/ month/ }));
    return dialog;
  }
  const sellStub = (methods: unknown) =>
    stub((url, init) => {
      if (url === `/api/athletes/${ATHLETE_ID}/packages/` && init.method === 'POST') return jsonResponse(membership(), 201);
      if (url === `/api/athletes/${ATHLETE_ID}/packages/`) return jsonResponse({ results: [] });
      if (url === `/api/athletes/${ATHLETE_ID}/payment-methods/`) return jsonResponse(methods);
      if (url.startsWith('/api/packages/?') && url.includes('status=active')) return jsonResponse(catalog);
      return undefined;
    });

  it('sell dialog offers to charge the saved card, on by default, and sends the choice', async () => {
    const fetchMock = sellStub({
      results: [
        {
          ...VISA,
          isDefault: false,
          paymentMethodId: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
          metadata: { brand: 'mastercard', last4: '4444', bankName: null },
        },
        VISA,
      ],
      cardPaymentsEnabled: true,
    });
    render(<PackagesTab athleteId={ATHLETE_ID} />, { session: staff() });
    const dialog = await pickMonthly();
    // The default method is the one charged.
    const charge = await within(dialog).findByRole('checkbox', { name: 'Charge Visa ···· 4242 now' });
    expect((charge as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add package' }));
    await waitFor(() => expect(bodies(fetchMock, 'POST', `/api/athletes/${ATHLETE_ID}/packages/`)).toHaveLength(1));
    expect(bodies(fetchMock, 'POST', `/api/athletes/${ATHLETE_ID}/packages/`)[0]).toMatchObject({ chargeSavedMethod: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Unticked, the invoice is left open.
    const again = await pickMonthly();
    fireEvent.click(await within(again).findByRole('checkbox', { name: /Charge Visa/ }));
    fireEvent.click(within(again).getByRole('button', { name: 'Add package' }));
    await waitFor(() => expect(bodies(fetchMock, 'POST', `/api/athletes/${ATHLETE_ID}/packages/`)).toHaveLength(2));
    expect(bodies(fetchMock, 'POST', `/api/athletes/${ATHLETE_ID}/packages/`)[1]).toMatchObject({ chargeSavedMethod: false });
  });

  it('sell dialog shows no charge option without a saved method, or with card payments off', async () => {
    for (const methods of [
      { results: [], cardPaymentsEnabled: true },
      { results: [VISA], cardPaymentsEnabled: false },
    ]) {
      const fetchMock = sellStub(methods);
      const view = render(<PackagesTab athleteId={ATHLETE_ID} />, { session: staff() });
      const dialog = await pickMonthly();
      await waitFor(() => expect(callsTo(fetchMock, 'GET', '/payment-methods/')).toHaveLength(1));
      expect(within(dialog).getByText(/First period: £120.00/)).toBeTruthy();
      expect(within(dialog).queryByRole('checkbox')).toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add package' }));
      await waitFor(() => expect(bodies(fetchMock, 'POST', `/api/athletes/${ATHLETE_ID}/packages/`)).toHaveLength(1));
      expect(bodies(fetchMock, 'POST', `/api/athletes/${ATHLETE_ID}/packages/`)[0]).toMatchObject({ chargeSavedMethod: false });
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  const refundPreview = (o: Record<string, unknown> = {}) => ({
    amountMinor: 4333,
    unusedDays: 13,
    periodDays: 30,
    periodStart: '2026-11-01',
    periodEnd: '2026-11-30',
    includesTax: true,
    paidMinor: 12000,
    payments: [{ paymentId: VISA.paymentMethodId, invoiceId: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', channel: 'card', amountMinor: 4333 }],
    noRefund: null,
    ...o,
  });
  const cancelStub = (preview: unknown) =>
    stub((url, init) => {
      if (url === `/api/athletes/${ATHLETE_ID}/packages/`) return jsonResponse({ results: [membership()] });
      if (url === `/api/athlete-packages/${MEMBERSHIP_ID}/cancel-refund/`) return jsonResponse(preview);
      if (url === `/api/athlete-packages/${MEMBERSHIP_ID}/cancel/` && init.method === 'POST') {
        return jsonResponse({ ...membership({ status: 'cancelled' }), refund: { amountMinor: 4333, unusedDays: 13, outcome: 'refunded' } });
      }
      if (url.startsWith('/api/packages/?') && url.includes('status=active')) return jsonResponse(catalog);
      return undefined;
    });
  async function openCancelAtOnce() {
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Unlimited' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Cancel…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'At once' }));
    return dialog;
  }

  it('cancel at once offers the refund of the unused days in the gym’s words (VAT in the UK), off until ticked', async () => {
    const fetchMock = cancelStub(refundPreview());
    render(<PackagesTab athleteId={ATHLETE_ID} />, { session: owner() });
    const dialog = await openCancelAtOnce();
    const refund = await within(dialog).findByRole('checkbox', { name: 'Refund £43.33 (incl. VAT) for the 13 unused days' });
    expect((refund as HTMLInputElement).checked).toBe(false);
    expect(within(dialog).getByText(/Paid period 01\/11\/2026 – 30\/11\/2026\. It goes back to the card/)).toBeTruthy();
    fireEvent.click(refund);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel at once' }));
    await waitFor(() => expect(bodies(fetchMock, 'POST', '/cancel/')).toEqual([{ when: 'now', reason: '', refundUnused: true }]));
    expect(await screen.findByText('Unlimited was cancelled and £43.33 refunded.')).toBeTruthy();
  });

  it('says when nothing was paid, and never sends a refund then; at period end no refund is asked', async () => {
    const fetchMock = cancelStub(refundPreview({ amountMinor: 0, paidMinor: 0, payments: [], includesTax: false, noRefund: 'nothing_paid' }));
    render(<PackagesTab athleteId={ATHLETE_ID} />, { session: owner() });
    const dialog = await openCancelAtOnce();
    expect(await within(dialog).findByText('Nothing was paid for the current period, so there is nothing to refund.')).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'At the end of the period' }));
    expect(within(dialog).queryByText(/nothing to refund/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'At once' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel at once' }));
    await waitFor(() => expect(bodies(fetchMock, 'POST', '/cancel/')).toEqual([{ when: 'now', reason: '', refundUnused: false }]));
  });
});

describe('athlete app packages (issue 18)', () => {
  it('/packages lists status, credits left or Unlimited, next billing and the hold', async () => {
    stub((url) =>
      url === '/api/my/packages/'
        ? jsonResponse({ results: [pkg({ status: 'active', endDate: null }), membership({ holdStartsOn: '2026-12-10', holdEndsOn: '2026-12-20' })] })
        : undefined,
    );
    render(<MyPackagesPage />, { session: athlete(), route: '/packages' });
    const list = await screen.findByRole('list', { name: 'My packages' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([`/packages/${PACK_ID}`, `/packages/${MEMBERSHIP_ID}`]);
    expect(within(links[0]!).getByText('3 credits left')).toBeTruthy();
    expect(within(links[1]!).getAllByText('Unlimited')).toHaveLength(2);
    expect(within(links[1]!).getByText('Next billing 01/12/2026')).toBeTruthy();
    expect(within(links[1]!).getByText('On hold 10/12/2026 – 20/12/2026')).toBeTruthy();
  });

  it('/packages with none links to the sales portal', async () => {
    stub((url) => (url === '/api/my/packages/' ? jsonResponse({ results: [] }) : undefined));
    render(<MyPackagesPage />, { session: athlete(), route: '/packages' });
    expect((await screen.findByRole('link', { name: 'Browse packages' })).getAttribute('href')).toBe('/packages/sales-portal');
  });

  it('/packages/:id shows the ledger and cancels at period end after a confirmation with the notice', async () => {
    const fetchMock = stub((url, init) => {
      if (url === `/api/athlete-packages/${MEMBERSHIP_ID}/`) return jsonResponse(membership());
      if (url === `/api/athlete-packages/${MEMBERSHIP_ID}/ledger/`)
        return jsonResponse({
          results: [
            ledgerRow({ delta: -1, reason: 'booking', balanceAfter: 0, event: { eventId: EVENT_ID, name: 'CrossFit', startsAt: '2026-01-06T18:00:00.000Z' } }),
          ],
        });
      if (url === `/api/athlete-packages/${MEMBERSHIP_ID}/cancel/` && init.method === 'POST')
        return jsonResponse({ ...membership({ cancelledAt: '2026-11-24T10:00:00.000Z', endDate: '2026-11-30' }), refund: null });
      return undefined;
    });
    render(
      <Routes>
        <Route path="/packages/:athletePackageId" element={<MyPackagePage />} />
      </Routes>,
      { session: athlete(), route: `/packages/${MEMBERSHIP_ID}` },
    );
    expect(await screen.findByRole('heading', { name: 'Unlimited' })).toBeTruthy();
    const ledger = await screen.findByRole('list', { name: 'Credits ledger' });
    expect(within(ledger).getByText('Class booked')).toBeTruthy();
    expect(
      within(ledger)
        .getByRole('link', { name: /CrossFit/ })
        .getAttribute('href'),
    ).toBe(`/classes/${EVENT_ID}`);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel at period end' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).getByText(/Notice: the package stays active until the end of its current period/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() => expect(bodies(fetchMock, 'POST', '/cancel/')).toEqual([{ when: 'period_end', reason: '', refundUnused: false }]));
  });

  it('/packages/:id of a package not theirs says so', async () => {
    stub();
    render(
      <Routes>
        <Route path="/packages/:athletePackageId" element={<MyPackagePage />} />
      </Routes>,
      { session: athlete(), route: `/packages/${PACK_ID}` },
    );
    expect(await screen.findByText('This package is not yours or does not exist.')).toBeTruthy();
  });
});
