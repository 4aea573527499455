import { and, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import { catalogMessages, invoiceLimitRefusal, taxOf, type ProductInput, type StockAdjustment } from '@spotter/shared';
import { athletes, gyms, productSales, products, taxRates } from '../../db/schema';
import type { Tx } from '../../db/client';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { conflict, fieldError, notFound } from '../../lib/http-error';
import { refusingTakenNames } from '../event-setup';

/**
 * The writes of tax rates, retail items and fees (issue 18): each one transaction; a refused write changes nothing.
 * Stock never goes below zero: a sale takes its units in one guarded statement (`stock_count >= q`), and the table's
 * check constraint backs it.
 */

type ParsedTaxRate = { name: string; percent: string };
type ParsedProduct = Required<Omit<ProductInput, 'sku'>> & { sku: string | null };
type ParsedSale = { quantity: number; athleteId: string | null; idempotencyKey: string };

// ---------------------------------------------------------------- tax rates

async function lockTaxRate(tx: Tx, gymId: string, id: string) {
  const [row] = await tx
    .select()
    .from(taxRates)
    .where(and(eq(taxRates.id, id), eq(taxRates.gymId, gymId)))
    .for('update');
  if (!row) throw notFound(catalogMessages.taxRateNotFound);
  return row;
}

/**
 * Names are unique among the gym's active rates whatever their case. No index holds this (archived rates may share a
 * name), so the gym's rate writes take one transaction-scoped advisory lock: two saves of one name queue.
 */
async function checkTaxRateNameFree(tx: Tx, gymId: string, name: string, exceptId?: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tax_rates:${gymId}`}))`);
  const [taken] = await tx
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(
      and(
        eq(taxRates.gymId, gymId),
        eq(taxRates.isActive, true),
        sql`lower(${taxRates.name}) = lower(${name})`,
        exceptId ? ne(taxRates.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !taken;
}

const percentValue = (percent: string) => Number(percent).toFixed(4);

export async function createTaxRate(ctx: WriteContext, gymId: string, input: ParsedTaxRate): Promise<string> {
  return writeTransaction(ctx, async (tx, publish) => {
    if (!(await checkTaxRateNameFree(tx, gymId, input.name))) throw fieldError('name', catalogMessages.taxRateNameTaken);
    const [row] = await tx
      .insert(taxRates)
      .values({ gymId, name: input.name, percent: percentValue(input.percent) })
      .returning({ id: taxRates.id });
    await publish({ kind: 'gym', gymId });
    return row!.id;
  });
}

/** Sales already made keep the percent they were sold at (product_sales.taxPercent). */
export async function updateTaxRate(ctx: WriteContext, gymId: string, id: string, input: ParsedTaxRate): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const before = await lockTaxRate(tx, gymId, id);
    if (before.isActive && !(await checkTaxRateNameFree(tx, gymId, input.name, id))) throw fieldError('name', catalogMessages.taxRateNameTaken);
    await tx
      .update(taxRates)
      .set({ name: input.name, percent: percentValue(input.percent) })
      .where(eq(taxRates.id, id));
    await publish({ kind: 'gym', gymId });
  });
}

/**
 * An archived rate stays on the products, types and classes that use it and is offered for nothing new (the kiosk's
 * autocomplete and the forms read active rates only). The gym's class tax rate is refused: classes without a rate of
 * their own are taxed by it, and the gym has no screen yet to choose another.
 */
export async function archiveTaxRate(ctx: WriteContext, gymId: string, id: string): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const row = await lockTaxRate(tx, gymId, id);
    if (!row.isActive) return;
    const [gym] = await tx.select({ classTaxRateId: gyms.classTaxRateId }).from(gyms).where(eq(gyms.id, gymId));
    if (gym?.classTaxRateId === id) throw conflict(catalogMessages.classTaxRate, 'class_tax_rate');
    await tx.update(taxRates).set({ isActive: false }).where(eq(taxRates.id, id));
    await publish({ kind: 'gym', gymId });
  });
}

export async function restoreTaxRate(ctx: WriteContext, gymId: string, id: string): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const row = await lockTaxRate(tx, gymId, id);
    if (row.isActive) return;
    if (!(await checkTaxRateNameFree(tx, gymId, row.name, id))) throw conflict(catalogMessages.restoreTaxRateNameTaken, 'name_taken');
    await tx.update(taxRates).set({ isActive: true }).where(eq(taxRates.id, id));
    await publish({ kind: 'gym', gymId });
  });
}

// ---------------------------------------------------------------- products

const skuTaken = fieldError('sku', catalogMessages.skuTaken);
const restoreSkuTaken = conflict(catalogMessages.restoreSkuTaken, 'sku_taken');

async function lockProduct(tx: Tx, gymId: string, id: string) {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.gymId, gymId)))
    .for('update');
  if (!row) throw notFound(catalogMessages.productNotFound);
  return row;
}

/** A rate of the gym; a new choice must be active, the one already held may stay though archived since. */
async function checkProductTaxRate(tx: Tx, gymId: string, taxRateId: string | null, keptId: string | null = null): Promise<void> {
  if (taxRateId === null) return;
  const [rate] = await tx
    .select({ isActive: taxRates.isActive })
    .from(taxRates)
    .where(and(eq(taxRates.id, taxRateId), eq(taxRates.gymId, gymId)));
  if (!rate) throw fieldError('taxRateId', catalogMessages.taxRateNotFound);
  if (!rate.isActive && taxRateId !== keptId) throw fieldError('taxRateId', catalogMessages.taxRateArchived);
}

async function checkSkuFree(tx: Tx, gymId: string, sku: string | null, exceptId?: string): Promise<boolean> {
  if (sku === null) return true;
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.gymId, gymId),
        isNull(products.archivedAt),
        sql`lower(${products.sku}) = lower(${sku})`,
        exceptId ? ne(products.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !taken;
}

const common = (input: ParsedProduct) => ({
  name: input.name,
  // Fees have no SKU, stock or threshold.
  sku: input.kind === 'retail' ? input.sku : null,
  description: input.description,
  priceMinor: input.priceMinor,
  taxRateId: input.taxRateId,
  lowStockThreshold: input.kind === 'retail' ? input.lowStockThreshold : null,
});

export async function createProduct(ctx: WriteContext, gymId: string, input: ParsedProduct): Promise<string> {
  return refusingTakenNames({ products_gym_sku_key: skuTaken }, () =>
    writeTransaction(ctx, async (tx, publish) => {
      await checkProductTaxRate(tx, gymId, input.taxRateId);
      const values = common(input);
      if (!(await checkSkuFree(tx, gymId, values.sku))) throw skuTaken;
      const [row] = await tx
        .insert(products)
        .values({ gymId, kind: input.kind, ...values, stockCount: input.kind === 'retail' ? input.stockCount : null })
        .returning({ id: products.id });
      await publish({ kind: 'gym', gymId });
      return row!.id;
    }),
  );
}

/** The kind stays what it was; the stock count changes only through adjustments and sales. */
export async function updateProduct(ctx: WriteContext, gymId: string, id: string, input: ParsedProduct, now = new Date()): Promise<void> {
  await refusingTakenNames({ products_gym_sku_key: skuTaken }, () =>
    writeTransaction(ctx, async (tx, publish) => {
      const before = await lockProduct(tx, gymId, id);
      if (before.kind !== input.kind)
        throw fieldError(
          'kind',
          before.kind === 'retail' ? 'This is a retail item: it cannot become a fee.' : 'This is a fee: it cannot become a retail item.',
        );
      await checkProductTaxRate(tx, gymId, input.taxRateId, before.taxRateId);
      const values = common(input);
      if (before.archivedAt === null && !(await checkSkuFree(tx, gymId, values.sku, id))) throw skuTaken;
      await tx
        .update(products)
        .set({ ...values, updatedAt: now })
        .where(eq(products.id, id));
      await publish({ kind: 'gym', gymId });
    }),
  );
}

export async function archiveProduct(ctx: WriteContext, gymId: string, id: string, now = new Date()): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const row = await lockProduct(tx, gymId, id);
    if (row.archivedAt !== null) return;
    await tx.update(products).set({ archivedAt: now, updatedAt: now }).where(eq(products.id, id));
    await publish({ kind: 'gym', gymId });
  });
}

export async function restoreProduct(ctx: WriteContext, gymId: string, id: string, now = new Date()): Promise<void> {
  await refusingTakenNames({ products_gym_sku_key: restoreSkuTaken }, () =>
    writeTransaction(ctx, async (tx, publish) => {
      const row = await lockProduct(tx, gymId, id);
      if (row.archivedAt === null) return;
      if (!(await checkSkuFree(tx, gymId, row.sku, id))) throw restoreSkuTaken;
      await tx.update(products).set({ archivedAt: null, updatedAt: now }).where(eq(products.id, id));
      await publish({ kind: 'gym', gymId });
    }),
  );
}

/** Receive (+N, one statement, so it adds to whatever a sale left) or correct the count of a retail item. */
export async function adjustStock(ctx: WriteContext, gymId: string, id: string, input: StockAdjustment, now = new Date()): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const [row] = await tx
      .select({ kind: products.kind })
      .from(products)
      .where(and(eq(products.id, id), eq(products.gymId, gymId)));
    if (!row) throw notFound(catalogMessages.productNotFound);
    if (row.kind !== 'retail') throw conflict(catalogMessages.feeHasNoStock, 'no_stock');
    const stockCount = input.mode === 'receive' ? sql`coalesce(${products.stockCount}, 0) + ${input.quantity}` : sql`${input.stockCount}`;
    await tx
      .update(products)
      .set({ stockCount, updatedAt: now })
      .where(and(eq(products.id, id), eq(products.gymId, gymId)));
    await publish({ kind: 'gym', gymId });
  });
}

export type SaleResult = { saleId: string; created: boolean };

/** What a sale took, for callers that go on to invoice it (the point of sale). */
export type TakenSale = SaleResult & {
  product: typeof products.$inferSelect;
  /** The tax rate's percent when sold, null when untaxed. */
  percent: number | null;
};

export type SaleRefusals = { archived: (name: string) => Error; outOfStock: (name: string, left: number) => Error };

const singleSaleRefusals: SaleRefusals = {
  archived: () => conflict(catalogMessages.archivedProduct, 'archived'),
  outOfStock: (_name, left) => conflict(catalogMessages.outOfStock(left), 'out_of_stock'),
};

/**
 * One product's sale inside the caller's transaction: the sale's row first (its idempotency key's unique index makes a
 * repeated key wait for the first sale and then answer it), then the stock, taken by one guarded statement that never
 * leaves it below zero; too few units throw (409), so the caller's transaction rolls the row back. Net, tax and total
 * come from the shared tax maths at the rate's percent and the gym's tax-inclusive setting; the percent is kept on the
 * sale. The athlete, when given, must already be checked as the gym's.
 */
export async function takeProductSale(
  tx: Tx,
  gymId: string,
  input: { productId: string; quantity: number; athleteId: string | null; idempotencyKey: string; actorUserId: string | null },
  refusals: SaleRefusals = singleSaleRefusals,
): Promise<TakenSale> {
  const id = input.productId;
  const existing = async () => {
    const [sale] = await tx
      .select({ id: productSales.id, productId: productSales.productId })
      .from(productSales)
      .where(and(eq(productSales.gymId, gymId), eq(productSales.idempotencyKey, input.idempotencyKey)));
    return sale;
  };
  const [row] = await tx
    .select({ product: products, percent: taxRates.percent, isTaxInclusive: gyms.isTaxInclusive })
    .from(products)
    .innerJoin(gyms, eq(gyms.id, products.gymId))
    .leftJoin(taxRates, and(eq(taxRates.id, products.taxRateId), eq(taxRates.gymId, products.gymId)))
    .where(and(eq(products.id, id), eq(products.gymId, gymId)));
  const percent = row?.percent === null || row?.percent === undefined ? null : Number(row.percent);
  const before = await existing();
  if (before) {
    if (before.productId !== id || !row) throw conflict('This idempotency key was used for another product.', 'idempotency_key_reused');
    return { saleId: before.id, created: false, product: row.product, percent };
  }
  if (!row) throw notFound(catalogMessages.productNotFound);
  const product = row.product;
  if (product.archivedAt !== null) throw refusals.archived(product.name);
  const money = taxOf(product.priceMinor * input.quantity, percent ?? 0, row.isTaxInclusive);
  // Decision 040: a sale is one invoice line's worth (the input schema bounds the quantity, the product's the price).
  const refusal = invoiceLimitRefusal([{ itemPriceMinor: product.priceMinor, quantity: input.quantity }], money.total);
  if (refusal) throw fieldError('quantity', refusal.message, refusal.code);
  const inserted = await tx
    .insert(productSales)
    .values({
      gymId,
      productId: id,
      athleteId: input.athleteId,
      quantity: input.quantity,
      unitPriceMinor: product.priceMinor,
      taxPercent: percent === null ? null : String(percent),
      netMinor: money.net,
      taxMinor: money.tax,
      totalMinor: money.total,
      idempotencyKey: input.idempotencyKey,
      soldByUserId: input.actorUserId,
    })
    .onConflictDoNothing()
    .returning({ id: productSales.id });
  if (inserted.length === 0) {
    // The same key committed meanwhile: that sale is this one.
    const sale = await existing();
    if (!sale || sale.productId !== id) throw conflict('This idempotency key was used for another product.', 'idempotency_key_reused');
    return { saleId: sale.id, created: false, product, percent };
  }
  if (product.kind === 'retail') {
    const taken = await tx
      .update(products)
      .set({ stockCount: sql`${products.stockCount} - ${input.quantity}` })
      .where(and(eq(products.id, id), eq(products.gymId, gymId), gte(products.stockCount, input.quantity)))
      .returning({ stockCount: products.stockCount });
    if (taken.length === 0) {
      const [left] = await tx.select({ stockCount: products.stockCount }).from(products).where(eq(products.id, id));
      throw refusals.outOfStock(product.name, left?.stockCount ?? 0);
    }
  }
  return { saleId: inserted[0]!.id, created: true, product, percent };
}

/** Sell one retail item or fee (the products pages), in one transaction; a refused sale changes nothing. */
export async function sellProduct(ctx: WriteContext, gymId: string, id: string, input: ParsedSale, actorUserId: string | null): Promise<SaleResult> {
  return writeTransaction(ctx, async (tx, publish) => {
    if (input.athleteId !== null) {
      const [athlete] = await tx
        .select({ id: athletes.id })
        .from(athletes)
        .where(and(eq(athletes.id, input.athleteId), eq(athletes.gymId, gymId)));
      if (!athlete) throw notFound(catalogMessages.athleteNotFound);
    }
    const sale = await takeProductSale(tx, gymId, {
      productId: id,
      quantity: input.quantity,
      athleteId: input.athleteId,
      idempotencyKey: input.idempotencyKey,
      actorUserId,
    });
    if (sale.created) await publish({ kind: 'gym', gymId });
    return { saleId: sale.saleId, created: sale.created };
  });
}

export async function findSale(tx: Tx | WriteContext['db'], gymId: string, saleId: string) {
  const [sale] = await tx
    .select()
    .from(productSales)
    .where(and(eq(productSales.id, saleId), eq(productSales.gymId, gymId)));
  return sale ?? null;
}
