import { and, asc, eq, isNull } from 'drizzle-orm';
import { SALE_CATALOG_LIMIT, type SaleCatalog } from '@spotter/shared';
import { gyms, products, taxRates } from '../../db/schema';
import type { DbOrTx } from '../../db/client';

/** The point of sale's catalog: the gym's active retail items and fees with price, tax and stock (one query and the gym). */
export async function saleCatalog(db: DbOrTx, gymId: string): Promise<SaleCatalog> {
  const [gym] = await db.select({ country: gyms.country, isTaxInclusive: gyms.isTaxInclusive }).from(gyms).where(eq(gyms.id, gymId));
  const rows = await db
    .select({ product: products, rateName: taxRates.name, percent: taxRates.percent })
    .from(products)
    .leftJoin(taxRates, and(eq(taxRates.id, products.taxRateId), eq(taxRates.gymId, products.gymId)))
    .where(and(eq(products.gymId, gymId), isNull(products.archivedAt)))
    .orderBy(asc(products.kind), asc(products.name), asc(products.id))
    .limit(SALE_CATALOG_LIMIT);
  return {
    country: gym!.country,
    isTaxInclusive: gym!.isTaxInclusive,
    results: rows.map(({ product: p, rateName, percent }) => ({
      productId: p.id,
      kind: p.kind,
      name: p.name,
      sku: p.sku,
      priceMinor: p.priceMinor,
      taxRate: rateName !== null && percent !== null ? { name: rateName, percent: Number(percent) } : null,
      stockCount: p.kind === 'retail' ? (p.stockCount ?? 0) : null,
    })),
  };
}
