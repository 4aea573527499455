import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  catalogMessages,
  managedTaxRatePageSchema,
  managedTaxRateSchema,
  messages,
  productPageSchema,
  productSchema,
  saleSchema,
  setupMessages,
  taxOf,
  type ProductInput,
} from '@spotter/shared';
import * as s from '../../db/schema';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { databaseDigest } from '../../../test/digest';

fixClock(TEST_NOW);
type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let owner: ApiClient;
let plainStaff: ApiClient;
/** Another gym, whose owner must find none of gym w's records. */
let foreignOwner: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 2 });
  await t.db.update(s.gyms).set({ classTaxRateId: w.taxRate.id }).where(eq(s.gyms.id, w.gym.id));
  owner = await t.as(w.owner);
  plainStaff = await t.as(await t.make.staff(w.gym.id, { permissions: [] }));
  const other = await t.make.gym({ country: 'GB', timeZone: 'Europe/London', isTaxInclusive: true });
  foreignOwner = await t.as(await t.make.owner(other.id));
});
afterAll(async () => {
  await t.close();
});

const RATES = '/api/products/tax-rates/';
const ITEMS = '/api/products/items/';
let serial = 0;
type Res = { statusCode: number; json: () => { message: string; fields?: Record<string, string[]>; code?: string } };
const fieldOf = (res: Res) => {
  const body = res.json();
  return { status: res.statusCode, message: body.message, fields: body.fields };
};
const key = () => `sale-${randomUUID()}`;
const rate = async (body: Record<string, unknown> = {}, client = owner) => {
  const res = await client.post(RATES, { name: `Rate ${++serial}`, percent: '5', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return managedTaxRateSchema.parse(res.json());
};
const retail = (o: Partial<ProductInput> = {}): ProductInput => ({
  kind: 'retail',
  name: `Shirt ${++serial}`,
  sku: `SKU-${serial}`,
  priceMinor: 2500,
  taxRateId: null,
  stockCount: 10,
  lowStockThreshold: 3,
  ...o,
});
const item = async (o: Partial<ProductInput> = {}, client = owner) => {
  const res = await client.post(ITEMS, retail(o));
  expect(res.statusCode, res.body).toBe(201);
  return productSchema.parse(res.json());
};
const sell = (productId: string, body: Record<string, unknown> = {}, client = owner) =>
  client.post(`${ITEMS}${productId}/sell/`, { quantity: 1, athleteId: null, idempotencyKey: key(), ...body });

describe('tax rates (issue 18 /products/tax-rates)', () => {
  it('creates, reads, edits, lists by name with search and status, and exports CSV; any staff member may', async () => {
    const created = await rate({ name: 'Hot Food', percent: 12.5 }, plainStaff);
    expect(created).toMatchObject({ name: 'Hot Food', percent: '12.5', isArchived: false, isClassTaxRate: false, productCount: 0 });
    const edited = await owner.put(`${RATES}${created.taxRateId}/`, { name: 'Hot food', percent: '12.3456' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(managedTaxRateSchema.parse(edited.json())).toMatchObject({ name: 'Hot food', percent: '12.3456' });
    const found = managedTaxRatePageSchema.parse((await owner.get(`${RATES}?search=hot`)).json());
    expect(found.results.map((r) => r.name)).toEqual(['Hot food']);
    const all = managedTaxRatePageSchema.parse((await owner.get(RATES)).json());
    expect(all.results.find((r) => r.taxRateId === w.taxRate.id)).toMatchObject({ isClassTaxRate: true, percent: '8.25' });
    const csv = await owner.get(`${RATES}export/?search=hot`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(Papa.parse(csv.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data).toEqual([
      { Name: 'Hot food', Percent: '12.3456', Status: 'Active', 'Class tax rate': 'No', 'Products using it': '0' },
    ]);
    // Spec 9: a page holds at most 100 rates.
    expect((await owner.get(`${RATES}?limit=101`)).statusCode).toBe(400);
  });

  it('lists in a fixed number of queries whatever the page size', async () => {
    const gym = await t.make.kioskGym();
    const client = await t.as(gym.owner);
    for (let i = 0; i < 6; i++) await rate({ name: `Counted ${i}` }, client);
    const one = await countDriverQueries(t.db, () => client.get(`${RATES}?limit=1`));
    const many = await countDriverQueries(t.db, () => client.get(`${RATES}?limit=100`));
    expect(managedTaxRatePageSchema.parse(many.result.json()).results).toHaveLength(7);
    expect(many.count).toBe(one.count);
  });

  it('answers each bad input with its message on its field, and saves nothing', async () => {
    const before = await databaseDigest(t.db, ['sessions']);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', messages.nameRequired],
      [{ name: 'x'.repeat(101) }, 'name', setupMessages.nameTooLong],
      [{ percent: '' }, 'percent', catalogMessages.percentRequired],
      [{ percent: 'ten' }, 'percent', catalogMessages.percentRequired],
      [{ percent: -1 }, 'percent', catalogMessages.percentRequired],
      [{ percent: '100.5' }, 'percent', catalogMessages.percentRange],
      [{ percent: 8.12345 }, 'percent', catalogMessages.percentDecimals],
      [{ percent: null }, 'percent', catalogMessages.percentRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await owner.post(RATES, { name: 'Valid', percent: '5', ...body });
      expect(fieldOf(res), JSON.stringify(body)).toEqual({ status: 400, message, fields: expect.objectContaining({ [field]: [message] }) });
    }
    expect((await owner.post(RATES, { name: 'Zero', percent: 0 })).statusCode).toBe(201);
    await t.db.delete(s.taxRates).where(eq(s.taxRates.name, 'Zero'));
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
  });

  it('keeps names unique among active rates whatever the case; an archived name is free; restoring it then is refused', async () => {
    const first = await rate({ name: 'Reduced' });
    expect(fieldOf(await owner.post(RATES, { name: 'REDUCED', percent: 5 }))).toEqual({
      status: 400,
      message: catalogMessages.taxRateNameTaken,
      fields: { name: [catalogMessages.taxRateNameTaken] },
    });
    const archived = await owner.post(`${RATES}${first.taxRateId}/archive/`);
    expect(managedTaxRateSchema.parse(archived.json()).isArchived).toBe(true);
    const second = await rate({ name: 'reduced' });
    const restore = await owner.post(`${RATES}${first.taxRateId}/restore/`);
    expect(fieldOf(restore)).toMatchObject({ status: 409, message: catalogMessages.restoreTaxRateNameTaken });
    expect(fieldOf(await owner.put(`${RATES}${second.taxRateId}/`, { name: 'Reduced', percent: 5 })).status).toBe(200);
    await owner.put(`${RATES}${second.taxRateId}/`, { name: 'Reduced (new)', percent: 5 });
    expect(managedTaxRateSchema.parse((await owner.post(`${RATES}${first.taxRateId}/restore/`)).json()).isArchived).toBe(false);
  });

  it("archived rates leave the kiosk's autocomplete and the set-up forms, stay on what used them; the class tax rate is refused", async () => {
    const r = await rate({ name: 'Towel Tax', percent: '10' });
    const p = await item({ taxRateId: r.taxRateId });
    const kioskNames = async () => ((await owner.get('/api/tax-rates/?limit=100')).json() as { results: { name: string }[] }).results.map((x) => x.name);
    const optionNames = async () => ((await owner.get('/api/event-setup/options/')).json() as { taxRates: { name: string }[] }).taxRates.map((x) => x.name);
    expect(await kioskNames()).toContain('Towel Tax');
    expect(await optionNames()).toContain('Towel Tax');
    expect((await owner.post(`${RATES}${r.taxRateId}/archive/`)).statusCode).toBe(200);
    expect(await kioskNames()).not.toContain('Towel Tax');
    expect(await optionNames()).not.toContain('Towel Tax');
    const kept = productSchema.parse((await owner.get(`${ITEMS}${p.productId}/`)).json());
    expect(kept.taxRate).toEqual({ taxRateId: r.taxRateId, name: 'Towel Tax', percent: '10', isArchived: true });
    // Kept on an edit; not chosen anew.
    expect((await owner.put(`${ITEMS}${p.productId}/`, retail({ name: 'Kept', sku: null, taxRateId: r.taxRateId }))).statusCode).toBe(200);
    expect(fieldOf(await owner.post(ITEMS, retail({ taxRateId: r.taxRateId })))).toMatchObject({
      status: 400,
      fields: { taxRateId: [catalogMessages.taxRateArchived] },
    });
    // A sale still taxes at it.
    const sale = saleSchema.parse((await sell(p.productId)).json());
    expect(sale).toMatchObject({ taxPercent: '10', netMinor: 2500, taxMinor: 250, totalMinor: 2750 });

    const before = await databaseDigest(t.db, ['sessions']);
    const refused = await owner.post(`${RATES}${w.taxRate.id}/archive/`);
    expect(fieldOf(refused)).toMatchObject({ status: 409, message: catalogMessages.classTaxRate });
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
  });

  it("answers 404 for another gym's rate and changes nothing", async () => {
    const r = await rate();
    const before = await databaseDigest(t.db, ['sessions']);
    for (const res of [
      await foreignOwner.get(`${RATES}${r.taxRateId}/`),
      await foreignOwner.put(`${RATES}${r.taxRateId}/`, { name: 'Stolen', percent: 1 }),
      await foreignOwner.post(`${RATES}${r.taxRateId}/archive/`),
      await foreignOwner.post(`${RATES}${r.taxRateId}/restore/`),
      await owner.get(`${RATES}${randomUUID()}/`),
    ]) {
      expect(fieldOf(res)).toMatchObject({ status: 404, message: catalogMessages.taxRateNotFound });
    }
    expect((await owner.get(`${RATES}not-an-id/`)).statusCode).toBe(400);
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
  });
});

describe('retail items and fees (issue 18 /products/retail, /products/fees-and-misc-products)', () => {
  it('creates a retail item and a fee, reads and edits them; a fee has no SKU or stock', async () => {
    const shirt = await item(
      { name: 'Club T-Shirt', sku: 'TEE-01', priceMinor: 2500, taxRateId: w.taxRate.id, stockCount: 4, lowStockThreshold: 5 },
      plainStaff,
    );
    expect(shirt).toMatchObject({
      kind: 'retail',
      name: 'Club T-Shirt',
      sku: 'TEE-01',
      priceMinor: 2500,
      stockCount: 4,
      lowStockThreshold: 5,
      isLowStock: true,
      soldCount: 0,
    });
    expect(shirt.taxRate).toMatchObject({ taxRateId: w.taxRate.id, percent: '8.25', isArchived: false });
    const fee = await item({ kind: 'fee', name: 'Towel hire', sku: 'IGNORED', priceMinor: 300, stockCount: 50, lowStockThreshold: 5 });
    expect(fee).toMatchObject({ kind: 'fee', sku: null, stockCount: null, lowStockThreshold: null, isLowStock: false });
    const edited = await owner.put(
      `${ITEMS}${shirt.productId}/`,
      retail({ name: 'Club Tee', sku: 'TEE-01', priceMinor: 2800, lowStockThreshold: 2, stockCount: 999 }),
    );
    expect(productSchema.parse(edited.json())).toMatchObject({ name: 'Club Tee', priceMinor: 2800, stockCount: 4, isLowStock: false, taxRate: null });
    expect(fieldOf(await owner.put(`${ITEMS}${fee.productId}/`, retail({ name: 'Towel hire' })))).toMatchObject({
      status: 400,
      fields: { kind: [expect.any(String)] },
    });
  });

  it('lists with search (name or SKU), low-stock and archived filters, sorts, CSV, in a fixed number of queries', async () => {
    const gym = await t.make.kioskGym();
    const client = await t.as(gym.owner);
    const mk = (o: Partial<ProductInput>) => item(o, client);
    const chalk = await mk({ name: 'Chalk', sku: 'CH-1', priceMinor: 800, stockCount: 1, lowStockThreshold: 2 });
    await mk({ name: 'Water', sku: 'WA-1', priceMinor: 200, stockCount: 40, lowStockThreshold: 5 });
    await mk({ name: 'Protein bar', sku: 'PB-1', priceMinor: 350, stockCount: 0, lowStockThreshold: 5 });
    const rope = await mk({ name: 'Jump rope', sku: 'JR-1', priceMinor: 2000, stockCount: 7 });
    await client.post(`${ITEMS}${rope.productId}/archive/`);
    await mk({ kind: 'fee', name: 'Late fee', priceMinor: 1000 });
    const names = async (q: string) => productPageSchema.parse((await client.get(`${ITEMS}?${q}`)).json()).results.map((p) => p.name);
    expect(await names('')).toEqual(['Chalk', 'Protein bar', 'Water']);
    expect(await names('kind=fee')).toEqual(['Late fee']);
    expect(await names('search=wa-')).toEqual(['Water']);
    expect(await names('lowStock=true')).toEqual(['Chalk', 'Protein bar']);
    expect(await names('status=archived')).toEqual(['Jump rope']);
    expect(await names('sort=-price')).toEqual(['Chalk', 'Protein bar', 'Water']);
    expect(await names('sort=price')).toEqual(['Water', 'Protein bar', 'Chalk']);
    expect(await names('sort=stock')).toEqual(['Protein bar', 'Chalk', 'Water']);
    expect((await client.get(`${ITEMS}?sort=colour`)).statusCode).toBe(400);
    expect((await client.get(`${ITEMS}?kind=package`)).statusCode).toBe(400);
    const csv = await client.get(`${ITEMS}export/?lowStock=true`);
    const rows = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    expect(rows[0]).toEqual({
      Name: 'Chalk',
      SKU: 'CH-1',
      Description: '',
      'Price (USD)': '8.00',
      'Tax rate': 'No tax',
      'Tax percent': '',
      Stock: '1',
      'Low-stock threshold': '2',
      'Low stock': 'Yes',
      Sold: '0',
      Status: 'Active',
    });
    expect(rows).toHaveLength(2);
    await sell(chalk.productId, {}, client);
    const one = await countDriverQueries(t.db, () => client.get(`${ITEMS}?limit=1`));
    const many = await countDriverQueries(t.db, () => client.get(`${ITEMS}?limit=100`));
    expect(productPageSchema.parse(many.result.json()).results.find((p) => p.name === 'Chalk')).toMatchObject({ soldCount: 1, stockCount: 0 });
    expect(many.count).toBe(one.count);
  });

  it('answers each bad input with its message on its field, and saves nothing', async () => {
    const foreignRate = await t.make.taxRate((await t.make.gym()).id);
    const before = await databaseDigest(t.db, ['sessions']);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', messages.nameRequired],
      [{ priceMinor: -1 }, 'priceMinor', catalogMessages.priceNegative],
      [{ priceMinor: 10_000_001 }, 'priceMinor', catalogMessages.priceTooHigh],
      [{ priceMinor: 12.5 }, 'priceMinor', catalogMessages.wholeNumber],
      [{ priceMinor: undefined }, 'priceMinor', catalogMessages.priceRequired],
      [{ sku: 'has space' }, 'sku', catalogMessages.skuShape],
      [{ sku: 'x'.repeat(41) }, 'sku', catalogMessages.skuTooLong],
      [{ stockCount: -1 }, 'stockCount', catalogMessages.stockNegative],
      [{ lowStockThreshold: -2 }, 'lowStockThreshold', catalogMessages.thresholdNegative],
      [{ taxRateId: 'nope' }, 'taxRateId', 'Must be a valid id.'],
      [{ taxRateId: foreignRate.id }, 'taxRateId', catalogMessages.taxRateNotFound],
      [{ taxRateId: randomUUID() }, 'taxRateId', catalogMessages.taxRateNotFound],
    ];
    for (const [body, field, message] of cases) {
      const res = await owner.post(ITEMS, { ...retail(), ...body });
      expect(fieldOf(res), JSON.stringify(body)).toEqual({ status: 400, message, fields: expect.objectContaining({ [field]: [message] }) });
    }
    expect((await owner.post(ITEMS, { ...retail(), kind: 'package' })).statusCode).toBe(400);
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
  });

  it('keeps SKUs unique among active items whatever the case; archiving frees one; restoring then is refused', async () => {
    const first = await item({ sku: 'WRAP-1' });
    expect(fieldOf(await owner.post(ITEMS, retail({ sku: 'wrap-1' })))).toEqual({
      status: 400,
      message: catalogMessages.skuTaken,
      fields: { sku: [catalogMessages.skuTaken] },
    });
    await owner.post(`${ITEMS}${first.productId}/archive/`);
    const second = await item({ sku: 'Wrap-1' });
    expect(fieldOf(await owner.post(`${ITEMS}${first.productId}/restore/`))).toMatchObject({ status: 409, message: catalogMessages.restoreSkuTaken });
    await owner.put(`${ITEMS}${second.productId}/`, retail({ sku: 'WRAP-2' }));
    expect(productSchema.parse((await owner.post(`${ITEMS}${first.productId}/restore/`)).json()).isArchived).toBe(false);
  });

  it('receives and corrects stock; a fee has none', async () => {
    const p = await item({ stockCount: 2, lowStockThreshold: 3 });
    const received = productSchema.parse((await owner.post(`${ITEMS}${p.productId}/stock/`, { mode: 'receive', quantity: 5 })).json());
    expect(received).toMatchObject({ stockCount: 7, isLowStock: false });
    const corrected = productSchema.parse((await owner.post(`${ITEMS}${p.productId}/stock/`, { mode: 'correct', stockCount: 3 })).json());
    expect(corrected).toMatchObject({ stockCount: 3, isLowStock: true });
    const fee = await item({ kind: 'fee' });
    const before = await databaseDigest(t.db, ['sessions']);
    expect(fieldOf(await owner.post(`${ITEMS}${fee.productId}/stock/`, { mode: 'receive', quantity: 1 }))).toMatchObject({
      status: 409,
      message: catalogMessages.feeHasNoStock,
    });
    expect(fieldOf(await owner.post(`${ITEMS}${p.productId}/stock/`, { mode: 'receive', quantity: 0 }))).toMatchObject({
      status: 400,
      fields: { quantity: [catalogMessages.receiveMin] },
    });
    expect(fieldOf(await owner.post(`${ITEMS}${p.productId}/stock/`, { mode: 'correct', stockCount: -1 }))).toMatchObject({
      status: 400,
      fields: { stockCount: [catalogMessages.stockNegative] },
    });
    expect((await owner.post(`${ITEMS}${p.productId}/stock/`, { mode: 'steal' })).statusCode).toBe(400);
    expect(fieldOf(await foreignOwner.post(`${ITEMS}${p.productId}/stock/`, { mode: 'receive', quantity: 1 })).status).toBe(404);
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
  });
});

describe('sales (issue 18)', () => {
  it('sells: stock falls, the sale keeps net, tax and total at the rate and the gym’s tax setting', async () => {
    const p = await item({ priceMinor: 2500, taxRateId: w.taxRate.id, stockCount: 5, lowStockThreshold: 3 });
    const res = await sell(p.productId, { quantity: 2, athleteId: w.members[0]!.athleteId });
    expect(res.statusCode, res.body).toBe(201);
    const sale = saleSchema.parse(res.json());
    const money = taxOf(5000, 8.25, false);
    expect(sale).toMatchObject({
      quantity: 2,
      unitPriceMinor: 2500,
      taxPercent: '8.25',
      netMinor: money.net,
      taxMinor: money.tax,
      totalMinor: money.total,
      created: true,
      athleteId: w.members[0]!.athleteId,
    });
    expect(money).toEqual({ net: 5000, tax: 413, total: 5413 });
    expect(sale.product).toMatchObject({ stockCount: 3, isLowStock: true, soldCount: 2 });
    const [row] = await t.db.select().from(s.productSales).where(eq(s.productSales.id, sale.saleId));
    expect(row).toMatchObject({ gymId: w.gym.id, soldByUserId: w.owner.userId });
  });

  it('a tax-inclusive gym (UK) takes the tax out of the price', async () => {
    const uk = await t.make.kioskGym({ country: 'GB', timeZone: 'Europe/London', isTaxInclusive: true });
    const client = await t.as(uk.owner);
    const vat = await rate({ name: 'VAT', percent: 20 }, client);
    const p = await item({ priceMinor: 1200, taxRateId: vat.taxRateId }, client);
    const sale = saleSchema.parse((await sell(p.productId, { quantity: 1 }, client)).json());
    expect(sale).toMatchObject({ netMinor: 1000, taxMinor: 200, totalMinor: 1200, taxPercent: '20' });
  });

  it('the same idempotency key twice is one sale', async () => {
    const p = await item({ stockCount: 5 });
    const k = key();
    const first = await sell(p.productId, { quantity: 2, idempotencyKey: k });
    const again = await sell(p.productId, { quantity: 2, idempotencyKey: k });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(saleSchema.parse(again.json())).toMatchObject({ saleId: saleSchema.parse(first.json()).saleId, created: false, product: { stockCount: 3 } });
    const other = await item();
    expect(fieldOf(await sell(other.productId, { idempotencyKey: k }))).toMatchObject({ status: 409 });
  });

  it('refuses to sell more than is in stock with a clear 409, changing nothing', async () => {
    const p = await item({ stockCount: 2 });
    const empty = await item({ stockCount: 0 });
    const before = await databaseDigest(t.db, ['sessions']);
    expect(fieldOf(await sell(p.productId, { quantity: 3 }))).toMatchObject({ status: 409, message: catalogMessages.outOfStock(2) });
    expect(fieldOf(await sell(empty.productId))).toMatchObject({ status: 409, message: 'Out of stock: there are no units left to sell. Receive stock first.' });
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
  });

  it('sells a fee without stock', async () => {
    const fee = await item({ kind: 'fee', name: 'Drop-in fee', priceMinor: 2000, taxRateId: w.taxRate.id });
    const sale = saleSchema.parse((await sell(fee.productId, { quantity: 3 })).json());
    expect(sale).toMatchObject({ quantity: 3, netMinor: 6000, taxMinor: 495, totalMinor: 6495, product: { stockCount: null, soldCount: 3 } });
  });

  it("refuses an archived product, another gym's product or athlete, and bad input; nothing changes", async () => {
    const p = await item();
    const archived = await item();
    await owner.post(`${ITEMS}${archived.productId}/archive/`);
    const foreignAthlete = await t.make.athlete((await t.make.gym()).id);
    const before = await databaseDigest(t.db, ['sessions']);
    expect(fieldOf(await sell(archived.productId))).toMatchObject({ status: 409, message: catalogMessages.archivedProduct });
    expect(fieldOf(await sell(p.productId, {}, foreignOwner))).toMatchObject({ status: 404, message: catalogMessages.productNotFound });
    expect(fieldOf(await sell(randomUUID()))).toMatchObject({ status: 404 });
    expect(fieldOf(await sell(p.productId, { athleteId: foreignAthlete.athleteId }))).toMatchObject({ status: 404, message: catalogMessages.athleteNotFound });
    for (const [body, field, message] of [
      [{ quantity: 0 }, 'quantity', catalogMessages.quantityMin],
      [{ quantity: 1001 }, 'quantity', catalogMessages.quantityMax],
      [{ quantity: 1.5 }, 'quantity', catalogMessages.wholeNumber],
      [{ idempotencyKey: 'short' }, 'idempotencyKey', catalogMessages.idempotencyKey],
      [{ idempotencyKey: undefined }, 'idempotencyKey', catalogMessages.idempotencyKey],
      [{ athleteId: 'x' }, 'athleteId', 'Must be a valid id.'],
    ] as const) {
      expect(fieldOf(await sell(p.productId, body)), JSON.stringify(body)).toEqual({
        status: 400,
        message,
        fields: expect.objectContaining({ [field]: [message] }),
      });
    }
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
  });

  it("answers 404 for another gym's product on every route", async () => {
    const p = await item();
    const before = await databaseDigest(t.db, ['sessions']);
    for (const res of [
      await foreignOwner.get(`${ITEMS}${p.productId}/`),
      await foreignOwner.put(`${ITEMS}${p.productId}/`, retail()),
      await foreignOwner.post(`${ITEMS}${p.productId}/archive/`),
      await foreignOwner.post(`${ITEMS}${p.productId}/restore/`),
    ]) {
      expect(fieldOf(res)).toMatchObject({ status: 404, message: catalogMessages.productNotFound });
    }
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
  });
});
