import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ManagedTaxRate, Product, Session } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { callsTo, jsonResponse, stubFetch, type FetchHandler } from '../../../testing/stub-fetch';
import { FeesPage, RetailPage } from './products-page';
import { TaxRatesPage } from './tax-rates-page';
import { validatePercent } from './tax-rate-form';

afterEach(() => vi.unstubAllGlobals());

const GYM_ID = '22222222-2222-4222-8222-222222222222';
let n = 0;
const uuid = () => `77777777-7777-4777-8777-${String(++n).padStart(12, '0')}`;
const session = (): Session =>
  buildSession({
    role: 'owner',
    gym: { gymId: GYM_ID, title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: uuid() },
    staff: { staffId: uuid(), permissions: [] },
  });
const gym = {
  gymId: GYM_ID,
  title: 'Iron Temple Barbell',
  email: null,
  profilePicture: null,
  country: 'US',
  timeZone: 'America/Chicago',
  isTaxInclusive: false,
  eventSettings: { classes: { taxRate: { taxRateId: '88888888-8888-4888-8888-888888888888', name: 'Sales Tax' } } },
};
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const rate = (o: Partial<ManagedTaxRate> = {}): ManagedTaxRate => ({
  taxRateId: uuid(),
  name: 'Sales Tax',
  percent: '8.25',
  isArchived: false,
  isClassTaxRate: false,
  productCount: 0,
  ...o,
});
const product = (o: Partial<Product> = {}): Product => ({
  productId: uuid(),
  kind: 'retail',
  name: 'Club T-Shirt',
  sku: 'TEE-1',
  description: '',
  priceMinor: 2800,
  taxRate: { taxRateId: '88888888-8888-4888-8888-888888888888', name: 'Sales Tax', percent: '8.25', isArchived: false },
  stockCount: 12,
  lowStockThreshold: 3,
  isLowStock: false,
  isArchived: false,
  archivedAt: null,
  soldCount: 4,
  ...o,
});
const stub = (handler: FetchHandler) =>
  stubFetch((url, init) => {
    if (url === `/api/gyms/${GYM_ID}/`) return jsonResponse(gym);
    return handler(url, init);
  });

describe('TaxRatesPage (issue 18 /products/tax-rates)', () => {
  it('lists rates with their percent and the class tax rate flag, and asks the server with the search', async () => {
    const fetchMock = stub((url) =>
      url.startsWith('/api/products/tax-rates/?')
        ? jsonResponse(page(url.includes('search=') ? [] : [rate({ isClassTaxRate: true }), rate({ name: 'Food', percent: '2.5', productCount: 3 })]))
        : undefined,
    );
    render(<TaxRatesPage />, { session: session(), route: '/products/tax-rates' });
    await screen.findByText('Food');
    expect(screen.getByText('Class tax rate')).toBeTruthy();
    expect(screen.getByText('2.5%')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search tax rates' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No results found')).toBeTruthy();
    expect(String(callsTo(fetchMock, 'GET', '/api/products/tax-rates/?').at(-1)![0])).toBe(
      '/api/products/tax-rates/?status=active&limit=20&offset=0&search=zzz',
    );
  });

  it('says what to do next when there are none, and shows the spec text when the list fails', async () => {
    stub((url) => (url.startsWith('/api/products/tax-rates/?') ? jsonResponse(page([])) : undefined));
    render(<TaxRatesPage />, { session: session(), route: '/products/tax-rates' });
    expect(await screen.findByText('No tax rates yet. Create your first rate, then choose it on retail items, fees and class types.')).toBeTruthy();
  });

  it('shows the server field error under the name when the name is taken', async () => {
    const fetchMock = stub((url, init) => {
      if (url.startsWith('/api/products/tax-rates/?')) return jsonResponse(page([rate()]));
      if (url === '/api/products/tax-rates/' && init?.method === 'POST')
        return jsonResponse(
          {
            message: 'An active tax rate with this name already exists.',
            code: 'validation_error',
            fields: { name: ['An active tax rate with this name already exists.'] },
          },
          400,
        );
      return undefined;
    });
    render(<TaxRatesPage />, { session: session(), route: '/products/tax-rates' });
    await screen.findByText('Sales Tax');
    fireEvent.click(screen.getByRole('button', { name: 'New tax rate' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Sales Tax' } });
    fireEvent.change(within(dialog).getByLabelText(/Rate/), { target: { value: '8.25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create tax rate' }));
    expect(await within(dialog).findByText('An active tax rate with this name already exists.')).toBeTruthy();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/api/products/tax-rates/')[0]![1]!.body))).toEqual({ name: 'Sales Tax', percent: '8.25' });
  });

  it('checks a percent as the server does', () => {
    expect(validatePercent('8.25')).toBeNull();
    expect(validatePercent('0')).toBeNull();
    expect(validatePercent('')).toBe('Enter the rate as a percent, e.g. 8.25.');
    expect(validatePercent('8.12345')).toBe('The rate can have at most 4 decimals.');
    expect(validatePercent('101')).toBe('The rate is a percent from 0 to 100.');
  });
});

describe('RetailPage and FeesPage (issue 18)', () => {
  it('shows each item with its price, stock, and low-stock and out-of-stock flags; the filter asks the server', async () => {
    const fetchMock = stub((url) =>
      url.startsWith('/api/products/items/?')
        ? jsonResponse(
            page([
              product(),
              product({ name: 'Chalk Block', sku: 'CH-1', stockCount: 2, isLowStock: true }),
              product({ name: 'Wrist Wraps', sku: null, stockCount: 0, isLowStock: true }),
            ]),
          )
        : undefined,
    );
    render(<RetailPage />, { session: session(), route: '/products/retail' });
    await screen.findByText('Chalk Block');
    expect(screen.getAllByText('$28.00').length).toBe(3);
    expect(screen.getByText('Low stock')).toBeTruthy();
    expect(screen.getByText('Out of stock')).toBeTruthy();
    expect(screen.getByText('12 (low at 3)')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sell Wrist Wraps' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Low stock only'));
    await waitFor(() => expect(String(callsTo(fetchMock, 'GET', '/api/products/items/?').at(-1)![0])).toContain('lowStock=true'));
  });

  it('sells with a quantity and an idempotency key, and shows a refusal in words', async () => {
    const shirt = product();
    const fetchMock = stub((url, init) => {
      if (url.startsWith('/api/products/items/?')) return jsonResponse(page([shirt]));
      if (url === '/api/sales/' && init?.method === 'POST')
        return jsonResponse({ message: 'Not enough stock: only 12 left. Sell fewer or receive stock first.', code: 'out_of_stock' }, 409);
      return undefined;
    });
    render(<RetailPage />, { session: session(), route: '/products/retail' });
    await screen.findByText('Club T-Shirt');
    fireEvent.click(screen.getByRole('button', { name: 'Sell Club T-Shirt' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^Pre-tax \$28\.00 · .* \$2\.31 · Total \$30\.31$/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '13' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sell' }));
    expect(await within(dialog).findByText('Not enough stock: only 12 left. Sell fewer or receive stock first.')).toBeTruthy();
    const body = JSON.parse(String(callsTo(fetchMock, 'POST', '/api/sales/')[0]![1]!.body));
    expect(body).toMatchObject({
      items: [{ productId: shirt.productId, quantity: 13 }],
      athleteId: null,
      guestName: 'Walk-in customer',
      payment: { type: 'cash_or_check' },
    });
    expect(body.idempotencyKey).toMatch(/^sale-/);
  });

  it('fees: no stock column, the invoice note, and the empty state', async () => {
    stub((url) => (url.startsWith('/api/products/items/?') ? jsonResponse(page([])) : undefined));
    render(<FeesPage />, { session: session(), route: '/products/fees-and-misc-products' });
    expect(await screen.findByText('No fees yet. Add the one-off charges you take, such as a drop-in fee or towel hire.')).toBeTruthy();
    expect(screen.getByText(/Each sale is recorded as an invoice./)).toBeTruthy();
  });

  it("shows the spec's error text when the list fails", async () => {
    stub((url) => (url.startsWith('/api/products/items/?') ? jsonResponse({ message: 'boom', code: 'error' }, 500) : undefined));
    render(<RetailPage />, { session: session(), route: '/products/retail' });
    expect(await screen.findByText('Something went wrong while fetching data!')).toBeTruthy();
  });
});
