import { and, asc, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ManagedTaxRate, Product, ProductFilter, ProductListQuery, TaxRateFilter, TaxRateListQuery } from '@spotter/shared';
import { gyms, productSales, products, taxRates } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { listPage, type ListResult } from '../../lib/pagination';
import { containsPattern } from '../../lib/sql-text';
import { col, toIso } from '../event-setup';

/** A stored percent (numeric "8.2500") as people write it ("8.25"). */
export const percentText = (p: string) => String(Number(p));

// ---------------------------------------------------------------- tax rates

const productCountSql = () =>
  sql<number>`(select count(*) from ${products} where ${col(products.gymId)} = ${col(taxRates.gymId)} and ${col(products.taxRateId)} = ${col(taxRates.id)})`.mapWith(
    Number,
  );

function selectTaxRates(db: DbOrTx) {
  return db
    .select({ rate: taxRates, classTaxRateId: gyms.classTaxRateId, productCount: productCountSql() })
    .from(taxRates)
    .innerJoin(gyms, eq(gyms.id, taxRates.gymId));
}

type TaxRateRow = { rate: typeof taxRates.$inferSelect; classTaxRateId: string | null; productCount: number };

const toTaxRate = (r: TaxRateRow): ManagedTaxRate => ({
  taxRateId: r.rate.id,
  name: r.rate.name,
  percent: percentText(r.rate.percent),
  isArchived: !r.rate.isActive,
  isClassTaxRate: r.classTaxRateId === r.rate.id,
  productCount: r.productCount,
});

const taxRateWhere = (gymId: string, q: TaxRateFilter) =>
  and(eq(taxRates.gymId, gymId), eq(taxRates.isActive, q.status === 'active'), q.search ? sql`${taxRates.name} ilike ${containsPattern(q.search)}` : undefined);
const taxRateOrder = [asc(sql`lower(${taxRates.name})`), asc(taxRates.id)];

/** One page of the gym's tax rates by name: two statements whatever the page size. */
export async function listTaxRates(db: DbOrTx, gymId: string, q: TaxRateListQuery): Promise<ListResult<ManagedTaxRate>> {
  const where = taxRateWhere(gymId, q);
  const list = await listPage({
    count: db.select({ n: count() }).from(taxRates).where(where),
    rows: () =>
      selectTaxRates(db)
        .where(where)
        .orderBy(...taxRateOrder)
        .limit(q.limit)
        .offset(q.offset),
  });
  return { count: list.count, results: list.results.map(toTaxRate) };
}

export async function allTaxRates(db: DbOrTx, gymId: string, q: TaxRateFilter): Promise<ManagedTaxRate[]> {
  return (
    await selectTaxRates(db)
      .where(taxRateWhere(gymId, q))
      .orderBy(...taxRateOrder)
  ).map(toTaxRate);
}

export async function findTaxRate(db: DbOrTx, gymId: string, id: string): Promise<ManagedTaxRate | null> {
  const [row] = await selectTaxRates(db).where(and(eq(taxRates.gymId, gymId), eq(taxRates.id, id)));
  return row ? toTaxRate(row) : null;
}

// ---------------------------------------------------------------- products

const soldCountSql = () =>
  sql<number>`(select coalesce(sum(${col(productSales.quantity)}), 0) from ${productSales} where ${col(productSales.gymId)} = ${col(products.gymId)} and ${col(productSales.productId)} = ${col(products.id)})`.mapWith(
    Number,
  );

const lowStockSql = () => sql`(${products.kind} = 'retail' and ${products.stockCount} <= coalesce(${products.lowStockThreshold}, 0))`;

function selectProducts(db: DbOrTx) {
  return db
    .select({ product: products, taxRateName: taxRates.name, taxRatePercent: taxRates.percent, taxRateActive: taxRates.isActive, soldCount: soldCountSql() })
    .from(products)
    .leftJoin(taxRates, and(eq(taxRates.id, products.taxRateId), eq(taxRates.gymId, products.gymId)));
}

type ProductRow = {
  product: typeof products.$inferSelect;
  taxRateName: string | null;
  taxRatePercent: string | null;
  taxRateActive: boolean | null;
  soldCount: number;
};

export function toProduct(r: ProductRow): Product {
  const p = r.product;
  const isRetail = p.kind === 'retail';
  return {
    productId: p.id,
    kind: p.kind,
    name: p.name,
    sku: p.sku,
    description: p.description,
    priceMinor: p.priceMinor,
    taxRate:
      p.taxRateId && r.taxRateName !== null && r.taxRatePercent !== null
        ? { taxRateId: p.taxRateId, name: r.taxRateName, percent: percentText(r.taxRatePercent), isArchived: r.taxRateActive === false }
        : null,
    stockCount: isRetail ? (p.stockCount ?? 0) : null,
    lowStockThreshold: isRetail ? (p.lowStockThreshold ?? 0) : null,
    isLowStock: isRetail && (p.stockCount ?? 0) <= (p.lowStockThreshold ?? 0),
    isArchived: p.archivedAt !== null,
    archivedAt: toIso(p.archivedAt),
    soldCount: r.soldCount,
  };
}

const productWhere = (gymId: string, q: ProductFilter) =>
  and(
    eq(products.gymId, gymId),
    eq(products.kind, q.kind),
    q.status === 'archived' ? isNotNull(products.archivedAt) : isNull(products.archivedAt),
    q.search ? or(sql`${products.name} ilike ${containsPattern(q.search)}`, sql`${products.sku} ilike ${containsPattern(q.search)}`) : undefined,
    q.lowStock ? lowStockSql() : undefined,
  );

function productOrder(sort: ProductFilter['sort']): SQL[] {
  const dir = sort.startsWith('-') ? desc : asc;
  const key = sort.replace('-', '');
  const byName = asc(sql`lower(${products.name})`);
  const first =
    key === 'price'
      ? dir(products.priceMinor)
      : key === 'stock'
        ? dir(sql`coalesce(${products.stockCount}, 0)`)
        : key === 'sold'
          ? dir(soldCountSql())
          : dir(sql`lower(${products.name})`);
  return key === 'name' ? [first, asc(products.id)] : [first, byName, asc(products.id)];
}

/** One page of the gym's retail items or fees: two statements whatever the page size. */
export async function listProducts(db: DbOrTx, gymId: string, q: ProductListQuery): Promise<ListResult<Product>> {
  const where = productWhere(gymId, q);
  const list = await listPage({
    count: db.select({ n: count() }).from(products).where(where),
    rows: () =>
      selectProducts(db)
        .where(where)
        .orderBy(...productOrder(q.sort))
        .limit(q.limit)
        .offset(q.offset),
  });
  return { count: list.count, results: list.results.map(toProduct) };
}

export async function allProducts(db: DbOrTx, gymId: string, q: ProductFilter): Promise<Product[]> {
  return (
    await selectProducts(db)
      .where(productWhere(gymId, q))
      .orderBy(...productOrder(q.sort))
  ).map(toProduct);
}

export async function findProduct(db: DbOrTx, gymId: string, id: string): Promise<Product | null> {
  const [row] = await selectProducts(db).where(and(eq(products.gymId, gymId), eq(products.id, id)));
  return row ? toProduct(row) : null;
}
