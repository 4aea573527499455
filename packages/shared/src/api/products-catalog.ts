import { z } from 'zod';
import { TAX_RATE_PAGE_LIMIT } from './limits';
import { searchTermSchema, uuidSchema, pageSchema } from './common';
import { setupNameSchema, setupStatuses } from './event-setup';
import { taxRateSchema } from './events';
import { productKinds } from '../rules/packages';
import { MAX_LINE_QUANTITY, MAX_PRICE_MINOR, moneyLimitMessages } from '../rules/money-limits';

/**
 * Issue 18, spec 2.7 `/products/tax-rates`, `/products/retail`, `/products/fees-and-misc-products`: the gym's named tax
 * percentages, its retail items (with stock) and its fees (no stock), and the sale of either. Money in integer minor
 * units; a rate is a percent with at most 4 decimals (spec 3 Tax rate, spec 9).
 */

export const catalogMessages = {
  taxRateNotFound: 'Tax rate not found.',
  taxRateNameTaken: 'An active tax rate with this name already exists.',
  percentRequired: 'Enter the rate as a percent, e.g. 8.25.',
  percentRange: 'The rate is a percent from 0 to 100.',
  percentDecimals: 'The rate can have at most 4 decimals.',
  classTaxRate: "This is the gym's class tax rate (used by every class type without one of its own), so it cannot be archived.",
  restoreTaxRateNameTaken: 'An active tax rate is already called this. Rename one of them before restoring.',
  productNotFound: 'Product not found.',
  retailNotFound: 'Retail item not found.',
  skuTaken: 'An active retail item already has this SKU.',
  skuTooLong: 'The SKU can be at most 40 characters.',
  skuShape: 'Use letters, digits, dashes, dots or underscores in the SKU.',
  restoreSkuTaken: 'An active retail item already has this SKU. Change one of them before restoring.',
  priceRequired: 'Enter a price.',
  priceNegative: 'The price cannot be negative.',
  priceTooHigh: 'The price can be at most 100,000.00.',
  wholeNumber: 'Enter a whole number.',
  stockNegative: 'The stock count cannot be negative.',
  stockTooHigh: 'The stock count can be at most 1,000,000.',
  thresholdNegative: 'The low-stock threshold cannot be negative.',
  thresholdTooHigh: 'The low-stock threshold can be at most 1,000,000.',
  quantityMin: 'The quantity is at least 1.',
  quantityMax: moneyLimitMessages.quantity,
  receiveMin: 'Receive at least 1 unit.',
  taxRateArchived: 'This tax rate is archived: choose an active one.',
  descriptionTooLong: 'The description can be at most 2,000 characters.',
  archivedProduct: 'This product is archived: restore it before selling it.',
  outOfStock: (left: number) =>
    left === 0
      ? 'Out of stock: there are no units left to sell. Receive stock first.'
      : `Not enough stock: only ${left} left. Sell fewer or receive stock first.`,
  athleteNotFound: 'Athlete not found.',
  feeHasNoStock: 'A fee has no stock.',
  idempotencyKey: 'The idempotency key is 8 to 100 characters.',
} as const;

/** A percent 0-100 with at most 4 decimals, as a string ("8.25") or a number. */
export const percentSchema = z
  .union([z.string(), z.number()], { error: catalogMessages.percentRequired })
  .transform((v) => String(v).trim())
  .refine((v) => v !== '' && /^\d+(\.\d+)?$/.test(v), { message: catalogMessages.percentRequired, abort: true })
  .refine((v) => /^\d+(\.\d{1,4})?$/.test(v), { message: catalogMessages.percentDecimals, abort: true })
  .refine((v) => Number(v) >= 0 && Number(v) <= 100, { message: catalogMessages.percentRange })
  .transform((v) => String(Number(v)));

export const taxRateInputSchema = z.object({
  name: setupNameSchema,
  percent: percentSchema,
});
export type TaxRateInput = z.input<typeof taxRateInputSchema>;

export const managedTaxRateSchema = taxRateSchema.extend({
  isArchived: z.boolean(),
  /** The gym's class tax rate (gyms.classTaxRateId): it cannot be archived. */
  isClassTaxRate: z.boolean(),
  /** Retail items and fees using it (archived ones too). */
  productCount: z.number().int(),
});
export type ManagedTaxRate = z.infer<typeof managedTaxRateSchema>;
export const managedTaxRatePageSchema = pageSchema(managedTaxRateSchema);

export const taxRateFilterSchema = z.object({
  search: searchTermSchema,
  status: z.enum(setupStatuses).default('active'),
});
export const taxRateListQuerySchema = taxRateFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(TAX_RATE_PAGE_LIMIT).default(TAX_RATE_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type TaxRateListQuery = z.infer<typeof taxRateListQuerySchema>;
export type TaxRateFilter = z.infer<typeof taxRateFilterSchema>;

const whole = () => z.number({ error: catalogMessages.wholeNumber }).int(catalogMessages.wholeNumber);
const stockSchema = whole().min(0, catalogMessages.stockNegative).max(1_000_000, catalogMessages.stockTooHigh);

export const productInputSchema = z.object({
  kind: z.enum(productKinds, { error: 'Choose retail or fee.' }),
  name: setupNameSchema,
  /** Retail only; unique (whatever the case) among the gym's active retail items. Empty: none. */
  sku: z
    .string()
    .trim()
    .max(40, catalogMessages.skuTooLong)
    .regex(/^[A-Za-z0-9._-]*$/, catalogMessages.skuShape)
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null)),
  description: z.string().trim().max(2000, catalogMessages.descriptionTooLong).default(''),
  priceMinor: z
    .number({ error: catalogMessages.priceRequired })
    .int(catalogMessages.wholeNumber)
    .min(0, catalogMessages.priceNegative)
    .max(MAX_PRICE_MINOR, catalogMessages.priceTooHigh),
  /** A tax rate of the gym; null: no tax. */
  taxRateId: uuidSchema.nullable().default(null),
  /** Retail: the units in stock when created (later changes go through stock adjustments). Ignored on update. */
  stockCount: stockSchema.default(0),
  lowStockThreshold: whole().min(0, catalogMessages.thresholdNegative).max(1_000_000, catalogMessages.thresholdTooHigh).default(0),
});
export type ProductInput = z.input<typeof productInputSchema>;

export const productSchema = z.object({
  productId: z.uuid(),
  kind: z.enum(productKinds),
  name: z.string(),
  sku: z.string().nullable(),
  description: z.string(),
  priceMinor: z.number().int(),
  taxRate: managedTaxRateSchema.pick({ taxRateId: true, name: true, percent: true, isArchived: true }).nullable(),
  /** Retail: units in stock; fees: null. */
  stockCount: z.number().int().nullable(),
  lowStockThreshold: z.number().int().nullable(),
  /** Retail with stockCount <= lowStockThreshold. */
  isLowStock: z.boolean(),
  isArchived: z.boolean(),
  archivedAt: z.string().nullable(),
  /** Units sold, all time. */
  soldCount: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;
export const productPageSchema = pageSchema(productSchema);

export const productSorts = ['name', '-name', 'price', '-price', 'stock', '-stock', 'sold', '-sold'] as const;
export type ProductSort = (typeof productSorts)[number];

export const productFilterSchema = z.object({
  kind: z.enum(productKinds, { error: 'Choose retail or fee.' }).default('retail'),
  search: searchTermSchema,
  status: z.enum(setupStatuses).default('active'),
  /** Only retail items at or under their threshold. */
  lowStock: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  sort: z.enum(productSorts).default('name'),
});
export type ProductFilter = z.infer<typeof productFilterSchema>;
export const PRODUCT_PAGE_SIZE = 20;
export const productListQuerySchema = productFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(PRODUCT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const stockAdjustmentSchema = z.discriminatedUnion(
  'mode',
  [
    /** Units arrived: the count goes up by quantity. */
    z.object({ mode: z.literal('receive'), quantity: whole().min(1, catalogMessages.receiveMin).max(1_000_000, catalogMessages.stockTooHigh) }),
    /** A count correction: the count becomes stockCount. */
    z.object({ mode: z.literal('correct'), stockCount: stockSchema }),
  ],
  { error: 'Choose receive or correct.' },
);
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;

export const saleInputSchema = z.object({
  /** One line of an invoice's worth: at most MAX_LINE_QUANTITY units (decision 040). */
  quantity: whole().min(1, catalogMessages.quantityMin).max(MAX_LINE_QUANTITY, catalogMessages.quantityMax).default(1),
  /** The athlete it is sold to; null: a walk-in. */
  athleteId: uuidSchema.nullable().default(null),
  /** The same key twice is one sale. */
  idempotencyKey: z.string({ error: catalogMessages.idempotencyKey }).trim().min(8, catalogMessages.idempotencyKey).max(100, catalogMessages.idempotencyKey),
});
export type SaleInput = z.input<typeof saleInputSchema>;

export const saleSchema = z.object({
  saleId: z.uuid(),
  productId: z.uuid(),
  athleteId: z.uuid().nullable(),
  quantity: z.number().int(),
  unitPriceMinor: z.number().int(),
  taxPercent: z.string().nullable(),
  netMinor: z.number().int(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
  /** False when the key had already been used: the first sale, unchanged. */
  created: z.boolean(),
  /** The product after the sale. */
  product: productSchema,
});
export type Sale = z.infer<typeof saleSchema>;
