import { z } from 'zod';
import { productKinds } from '../rules/packages';
import { invoiceTotals } from '../tax';

/**
 * Issue 19: the front desk's point of sale (kiosk and athlete page). The cart's body and answer are
 * `cartSaleSchema` / `cartSaleResultSchema` (api/invoices.ts); this is what the cart offers.
 */

/** The catalog holds at most this many items (active retail items and fees, by kind then name). */
export const SALE_CATALOG_LIMIT = 500;

export const saleCatalogItemSchema = z.object({
  productId: z.uuid(),
  kind: z.enum(productKinds),
  name: z.string(),
  sku: z.string().nullable(),
  priceMinor: z.number().int(),
  /** The product's tax rate (percent as a number), null when untaxed. */
  taxRate: z.object({ name: z.string(), percent: z.number() }).nullable(),
  /** Retail: units in stock; fees: null. */
  stockCount: z.number().int().nullable(),
});
export type SaleCatalogItem = z.infer<typeof saleCatalogItemSchema>;

export const saleCatalogSchema = z.object({
  country: z.enum(['US', 'GB', 'CA']),
  /** Spec 9: whether prices include tax (the cart's totals follow it). */
  isTaxInclusive: z.boolean(),
  results: z.array(saleCatalogItemSchema),
});
export type SaleCatalog = z.infer<typeof saleCatalogSchema>;

export const saleMessages = {
  productNotFound: 'One of the items is not sold here any more. Remove it and try again.',
  archived: (name: string) => `${name} is archived: remove it from the cart.`,
  outOfStock: (name: string, left: number) => (left === 0 ? `${name} is out of stock.` : `Not enough ${name}: only ${left} left.`),
  athleteNotFound: 'Athlete not found.',
} as const;

/** A cart's totals as the shared tax maths computes each line (spec 9): the sum of the lines' net, tax and total. */
export function cartTotals(lines: readonly { priceMinor: number; quantity: number; percent: number | null }[], isTaxInclusive: boolean) {
  return invoiceTotals(
    lines.map((l) => ({ itemPrice: l.priceMinor, quantity: l.quantity, taxRateValue: l.percent })),
    isTaxInclusive,
  );
}
