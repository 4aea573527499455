import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '../../../testing/render';
import { callsTo, jsonResponse } from '../../../testing/stub-fetch';
import { ChargeDialog } from './charge-dialog';
import { BulkReservationModal } from './bulk-reservation-modal';
import { EVENT_ID, buildAthlete, page, staffSession, stubKioskFetch } from './kiosk-test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const TODAY = '2026-05-04';
const TAX = { taxRateId: '77777777-7777-4777-8777-777777777777', name: 'Sales Tax', percent: '8.2500' };
const TYPE_ID = '88888888-8888-4888-8888-888888888888';
const kiloClass = {
  kiloClassId: EVENT_ID,
  kiloClassType: { kiloClassTypeId: TYPE_ID, name: 'CrossFit WOD' },
  rootId: null,
  startDate: TODAY,
  startTime: '06:00:00',
  startsAt: '2026-05-04T11:00:00.000Z',
  endsAt: '2026-05-04T12:00:00.000Z',
  duration: 60,
  capacity: 12,
  attendeeCount: 4,
  location: null,
  taxRate: TAX,
  isFull: false,
  reservationAndCancellationSettings: { cancellationFee: '15.00', noShowFee: '30.00', cancellationCreditDeduction: 1, noShowCreditDeduction: 1 },
  athleteKiloClasses: [],
};
const athlete = buildAthlete();

function stubClassApi(extra?: (url: string, init: RequestInit) => Response | undefined) {
  return stubKioskFetch((url, init) => {
    if (url.endsWith(`/kilo-classes/${EVENT_ID}/`)) return jsonResponse(kiloClass);
    if (url.includes('/tax-rates/')) return page([TAX]);
    return extra?.(url, init);
  });
}

describe('ChargeDialog (spec 5)', () => {
  const renderDialog = (country: 'US' | 'GB' | 'CA' = 'US', isTaxInclusive = false) =>
    render(
      <ChargeDialog
        chargeKind="lateCancel"
        athlete={athlete}
        eventId={EVENT_ID}
        eventKind="class"
        today={TODAY}
        country={country}
        isTaxInclusive={isTaxInclusive}
        onClose={() => {}}
      />,
      { session: staffSession() },
    );

  it.each([
    ['US', false, '$', 'USD, before tax: Tax at the chosen rate is added.', 'Pre-tax $15.00 · Tax $1.24 · Total $16.24'],
    ['CA', false, '$', 'CAD, before tax: Tax at the chosen rate is added.', 'Pre-tax $15.00 · Tax $1.24 · Total $16.24'],
    ['GB', true, '£', 'GBP, including VAT at the chosen rate.', 'Total £15.00 · includes VAT £1.14'],
  ] as const)('shows the fee in the gym currency with its tax wording (%s)', async (country, inclusive, symbol, wording, breakdown) => {
    stubClassApi();
    renderDialog(country, inclusive);
    const fee = await screen.findByRole('textbox', { name: 'Fee' });
    const field = fee.closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(field.textContent).toContain(symbol);
    expect(screen.getByText(wording)).toBeTruthy();
    expect(fee.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByTestId('charge-breakdown').textContent).toBe(breakdown);
    fireEvent.click(screen.getByRole('switch', { name: 'Waive Fee' }));
    await waitFor(() => expect(screen.getByTestId('charge-breakdown').textContent).toMatch(/^(Pre-tax|Total) (\$|£)0\.00/));
  });

  it('defaults from the class; Charge Now fixes the date, Waive Fee sets the fee to 0; submits the PUT', async () => {
    const fetchMock = stubClassApi((url, init) => (init.method === 'PUT' ? jsonResponse({}) : undefined));
    renderDialog();
    const fee = await screen.findByRole('textbox', { name: 'Fee' });
    expect((fee as HTMLInputElement).value).toBe('15.00');
    const date = screen.getByRole('button', { name: /Collection date/ });
    expect(date.textContent).toBe('05/04/2026');
    fireEvent.click(screen.getByRole('switch', { name: 'Charge Now' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Collection date/ }).hasAttribute('disabled')).toBe(true));
    fireEvent.click(screen.getByRole('switch', { name: 'Waive Fee' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Fee' }) as HTMLInputElement).value).toBe('0.00'));
    expect(screen.getByRole('textbox', { name: 'Fee' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Waive Fee' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Fee' }) as HTMLInputElement).value).toBe('15.00'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Fee' }), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark Late Cancel' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `/athlete-kilo-classes/${athlete.reservationId}/`)).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT', '/athlete-kilo-classes/')[0]![1]!.body))).toEqual({
      isLateCancel: true,
      isNoShow: false,
      chargeNow: true,
      chargeDate: TODAY,
      chargeFee: '12.50',
      taxRate: TAX.taxRateId,
      deductCredit: true,
    });
    expect(await screen.findByText('Athlete reservation update success')).toBeTruthy();
  }, 20_000);

  it('shows the server message when the PUT is refused', async () => {
    stubClassApi((url, init) =>
      init.method === 'PUT' ? jsonResponse({ message: 'A checked-in reservation cannot be marked.', code: 'bad' }, 400) : undefined,
    );
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Late Cancel' }));
    expect(await screen.findByText('Athlete reservation update failed')).toBeTruthy();
    expect(screen.getByText('A checked-in reservation cannot be marked.')).toBeTruthy();
  });
});

describe('BulkReservationModal (spec 5)', () => {
  it('keeps Next disabled until a weekday is chosen, previews and posts 1 = Sunday codes', async () => {
    const onClose = vi.fn();
    const fetchMock = stubClassApi((url, init) => {
      if (url.includes('/kilo-classes/?'))
        return page([
          {
            ...kiloClass,
            kiloClassId: '99999999-9999-4999-8999-999999999999',
            startDate: '2026-05-06',
            startsAt: '2099-05-06T11:00:00.000Z',
            isReserved: false,
            bookability: { action: 'book', reason: null },
          },
        ]);
      if (init.method === 'POST') return jsonResponse({ count: 1, results: [], skipped: [] }, 201);
      return undefined;
    });
    render(<BulkReservationModal athlete={athlete} eventId={EVENT_ID} today={TODAY} country="US" onClose={onClose} />, { session: staffSession() });
    const next = await screen.findByRole('button', { name: 'Next' });
    expect(next.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: /Start date/ }).textContent).toBe('05/04/2026');
    expect(screen.getByRole('button', { name: /End date/ }).textContent).toBe('05/04/2027');
    // A US gym's week starts on Sunday.
    expect(screen.getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Wed' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sun' }));
    await waitFor(() => expect(next.hasAttribute('disabled')).toBe(false));
    fireEvent.click(next);
    expect(await screen.findByText('1 matching class; 1 will be reserved.')).toBeTruthy();
    const [previewUrl] = callsTo(fetchMock, 'GET', '/kilo-classes/?')[0]!;
    const q = new URL(String(previewUrl), 'http://x').searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      days: '1,4',
      start: TODAY,
      end: '2027-05-04',
      start_time: '06:00:00',
      kilo_class_type: TYPE_ID,
      location: 'None',
      exclude_root: 'True',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/create-bulk/')[0]![1]!.body))).toEqual({
      athlete: athlete.athleteId,
      startDate: TODAY,
      endDate: '2027-05-04',
      days: '1,4',
      startTime: '06:00:00',
      kiloClassType: TYPE_ID,
      location: null,
    });
    expect(await screen.findByText('Athlete reservations create success')).toBeTruthy();
  }, 20_000);

  it("counts and badges the classes by the server's bookability (issue 33), not by its own reading of the counts", async () => {
    const preview = (n: number, bookability: { action: 'book' | null; reason: { code: string; message: string } | null }) => ({
      ...kiloClass,
      kiloClassId: `99999999-9999-4999-8999-99999999999${n}`,
      startDate: `2026-05-0${n + 5}`,
      // Every one of them in the future, not full and not reserved by its own fields: only the server's word differs.
      startsAt: `2099-05-0${n + 5}T11:00:00.000Z`,
      isReserved: false,
      isFull: false,
      bookability,
    });
    const fetchMock = stubClassApi((url) =>
      url.includes('/kilo-classes/?')
        ? page([
            preview(1, { action: 'book', reason: null }),
            preview(2, { action: null, reason: { code: 'already_reserved', message: 'The athlete already has a booking for this class.' } }),
            preview(3, { action: null, reason: { code: 'full', message: 'This class is full.' } }),
            preview(4, { action: null, reason: { code: 'started', message: 'This class has started.' } }),
          ])
        : undefined,
    );
    render(<BulkReservationModal athlete={athlete} eventId={EVENT_ID} today={TODAY} country="US" onClose={vi.fn()} />, { session: staffSession() });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Wed' }));
    const next = screen.getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next.hasAttribute('disabled')).toBe(false));
    fireEvent.click(next);
    expect(await screen.findByText('4 matching classes; 1 will be reserved.')).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'Matching classes' })).getAllByRole('listitem');
    expect(rows.map((r) => within(r).queryByText(/^(Reserved|Full|Started)$/)?.textContent ?? null)).toEqual([null, 'Reserved', 'Full', 'Started']);
    expect(callsTo(fetchMock, 'GET', '/kilo-classes/?')).toHaveLength(1);
  }, 20_000);

  it("lists a UK gym's weekdays from Monday, with the same codes", async () => {
    stubClassApi(() => undefined);
    render(<BulkReservationModal athlete={athlete} eventId={EVENT_ID} today={TODAY} country="GB" onClose={vi.fn()} />, { session: staffSession() });
    await screen.findByRole('button', { name: 'Next' });
    const chips = screen.getAllByRole('checkbox');
    expect(chips.map((c) => c.getAttribute('value'))).toEqual(['2', '3', '4', '5', '6', '7', '1']);
    expect(chips[6]).toBe(screen.getByRole('checkbox', { name: 'Sun' }));
    expect(chips[0]).toBe(screen.getByRole('checkbox', { name: 'Mon' }));
  });
});
