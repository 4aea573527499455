import { z } from 'zod';
import { invoiceSources, invoiceStatuses, manualPaymentTypes, paymentChannels, paymentKinds, paymentMethodTypes, paymentStatuses } from '../rules/invoices';
import { MAX_INVOICE_TOTAL_MINOR, MAX_LINE_QUANTITY, MAX_SALE_LINES, moneyLimitMessages } from '../rules/money-limits';
import { dateRangeRefinement, isoDateSchema, pageSchema, searchTermSchema, uuidSchema } from './common';

/**
 * Issue 19 (decision 033): invoices, payments, refunds, the point of sale and saved payment methods on the wire.
 * Money in integer minor units; dates YYYY-MM-DD in the gym's zone; instants ISO strings.
 */

export const invoiceMessages = {
  idempotencyKey: 'Send an idempotency key of 8 to 100 characters.',
  amount: 'Enter an amount greater than zero.',
  reasonRequired: 'Say why.',
  reasonTooLong: 'Keep the reason under 500 characters.',
  referenceTooLong: 'Keep the reference under 100 characters.',
  rangeOrder: 'The end date must be on or after the start date.',
  cartEmpty: 'Add at least one item.',
  buyerRequired: 'Choose an athlete or enter the guest’s name.',
  guestNameTooLong: 'Keep the name under 100 characters.',
  guestEmail: 'Enter a valid email address.',
  quantity: moneyLimitMessages.quantity,
  invoiceNotFound: 'Invoice not found.',
  paymentNotFound: 'Payment not found.',
  noProvider: 'Card payments are not set up for this gym.',
  noSavedMethod: 'There is no saved payment method to charge.',
} as const;

export const idempotencyKeySchema = z
  .string({ error: invoiceMessages.idempotencyKey })
  .min(8, invoiceMessages.idempotencyKey)
  .max(100, invoiceMessages.idempotencyKey);

const amountSchema = z
  .number({ error: invoiceMessages.amount })
  .int(invoiceMessages.amount)
  .min(1, invoiceMessages.amount)
  .max(MAX_INVOICE_TOTAL_MINOR, invoiceMessages.amount);

export const INVOICES_PAGE_SIZE = 25;

export const invoiceSortKeys = ['issueDate', 'number', 'total', 'dueDate'] as const;

/** `/invoices` filters (InvoiceReportsView): state, issue-date range, athlete, and a search on number or name. */
export const invoiceListFilterSchema = z
  .object({
    status: z.enum(invoiceStatuses).optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    athleteId: uuidSchema.optional(),
    search: searchTermSchema,
    sort: z.enum(invoiceSortKeys).default('issueDate'),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .superRefine(dateRangeRefinement('from', 'to', { orderMessage: invoiceMessages.rangeOrder }));
export type InvoiceListFilter = z.infer<typeof invoiceListFilterSchema>;

export const invoiceListQuerySchema = z.intersection(
  invoiceListFilterSchema,
  z.object({
    limit: z.coerce.number().int().min(1).max(100).default(INVOICES_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
);
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

const partySchema = z.object({ athleteId: z.uuid(), fullName: z.string() }).nullable();

export const invoiceRowSchema = z.object({
  invoiceId: z.uuid(),
  number: z.number().int().nullable(),
  /** "INV-000042" (shared invoiceNumberText). */
  numberText: z.string(),
  athlete: partySchema,
  guestName: z.string().nullable(),
  status: z.enum(invoiceStatuses),
  source: z.enum(invoiceSources),
  issueDate: z.string().nullable(),
  dueDate: z.string(),
  totalMinor: z.number().int(),
  /** payments − refunds. */
  paidMinor: z.number().int(),
  /** total − paid. */
  balanceMinor: z.number().int(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

/** A page of invoices with the totals of the whole filtered set (not only the page). */
export const invoicePageSchema = pageSchema(invoiceRowSchema).extend({
  totals: z.object({ count: z.number().int(), totalMinor: z.number().int(), paidMinor: z.number().int(), balanceMinor: z.number().int() }),
});
export type InvoicePage = z.infer<typeof invoicePageSchema>;

export const invoiceLineSchema = z.object({
  description: z.string(),
  /** Spec 3: itemPrice, quantity, taxRateValue (percent). */
  itemPriceMinor: z.number().int(),
  quantity: z.number().int(),
  taxRateValue: z.number().nullable(),
  netMinor: z.number().int(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
});
export type InvoiceLineView = z.infer<typeof invoiceLineSchema>;

export const paymentSchema = z.object({
  paymentId: z.uuid(),
  kind: z.enum(paymentKinds),
  channel: z.enum(paymentChannels),
  status: z.enum(paymentStatuses),
  amountMinor: z.number().int(),
  /** On a payment: how much of it has been refunded. */
  refundedMinor: z.number().int(),
  refundOfPaymentId: z.uuid().nullable(),
  reason: z.string().nullable(),
  reference: z.string().nullable(),
  failureMessage: z.string().nullable(),
  /** A saved method's display ("Visa ···· 4242"), when charged to one. */
  methodLabel: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentView = z.infer<typeof paymentSchema>;

export const invoiceDetailSchema = invoiceRowSchema.extend({
  gym: z.object({ title: z.string(), country: z.enum(['US', 'GB', 'CA']), timeZone: z.string() }),
  guestEmail: z.string().nullable(),
  isTaxInclusive: z.boolean(),
  netMinor: z.number().int(),
  taxMinor: z.number().int(),
  note: z.string().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  payments: z.array(paymentSchema),
  /** Dunning: failed charges so far, the next retry (gym's date), the provider's last message. */
  failedAttempts: z.number().int(),
  nextRetryOn: z.string().nullable(),
  lastFailureMessage: z.string().nullable(),
  voidReason: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const manualPaymentSchema = z.object({
  amountMinor: amountSchema,
  type: z.enum(manualPaymentTypes, { error: 'Choose how it was paid.' }),
  reference: z.string().trim().max(100, invoiceMessages.referenceTooLong).optional(),
  idempotencyKey: idempotencyKeySchema,
});
export type ManualPaymentInput = z.infer<typeof manualPaymentSchema>;

export const refundSchema = z.object({
  paymentId: uuidSchema,
  amountMinor: amountSchema,
  reason: z.string().trim().min(1, invoiceMessages.reasonRequired).max(500, invoiceMessages.reasonTooLong),
  idempotencyKey: idempotencyKeySchema,
});
export type RefundInput = z.infer<typeof refundSchema>;

export const voidInvoiceSchema = z.object({
  reason: z.string().trim().min(1, invoiceMessages.reasonRequired).max(500, invoiceMessages.reasonTooLong),
});
export type VoidInvoiceInput = z.infer<typeof voidInvoiceSchema>;

/** Pay an invoice with a saved method (the athlete on /invoices/{invoiceId}, or staff). */
export const payWithSavedMethodSchema = z.object({
  paymentMethodId: uuidSchema,
  idempotencyKey: idempotencyKeySchema,
});
export type PayWithSavedMethodInput = z.infer<typeof payWithSavedMethodSchema>;

/** The point of sale (kiosk and athlete page): a cart of retail items and fees for an athlete or a guest. */
export const cartSaleSchema = z
  .object({
    athleteId: uuidSchema.nullable().default(null),
    guestName: z.string().trim().max(100, invoiceMessages.guestNameTooLong).optional(),
    guestEmail: z.email({ error: invoiceMessages.guestEmail }).optional(),
    /**
     * The lines naming one product become one line of their summed quantity (the web's cart keeps one line a product),
     * so together they hold at most MAX_LINE_QUANTITY: the line that would pass it is refused (decision 040).
     */
    items: z
      .array(
        z.object({
          productId: uuidSchema,
          quantity: z
            .number({ error: invoiceMessages.quantity })
            .int(invoiceMessages.quantity)
            .min(1, invoiceMessages.quantity)
            .max(MAX_LINE_QUANTITY, invoiceMessages.quantity),
        }),
      )
      .min(1, invoiceMessages.cartEmpty)
      .max(MAX_SALE_LINES)
      .superRefine((items, ctx) => {
        const sums = new Map<string, number>();
        items.forEach((item, i) => {
          const sum = (sums.get(item.productId) ?? 0) + item.quantity;
          sums.set(item.productId, sum);
          if (sum > MAX_LINE_QUANTITY && item.quantity <= MAX_LINE_QUANTITY)
            ctx.addIssue({ code: 'custom', message: moneyLimitMessages.itemTwice, path: [i, 'quantity'] });
        });
      }),
    /** Paid at once (cash at the desk…); absent: the invoice stays open. */
    payment: z.object({ type: z.enum(manualPaymentTypes), reference: z.string().trim().max(100, invoiceMessages.referenceTooLong).optional() }).optional(),
    idempotencyKey: idempotencyKeySchema,
  })
  .refine((s) => s.athleteId !== null || (s.guestName ?? '').length > 0, { message: invoiceMessages.buyerRequired, path: ['guestName'] });
export type CartSaleInput = z.input<typeof cartSaleSchema>;

export const cartSaleResultSchema = z.object({ invoice: invoiceDetailSchema });

/** Spec 3 payment method: type, nickname, metadata (brand, last4, bankName). */
export const paymentMethodSchema = z.object({
  paymentMethodId: z.uuid(),
  type: z.enum(paymentMethodTypes),
  nickname: z.string().nullable(),
  metadata: z.object({ brand: z.string().nullable(), last4: z.string().nullable(), bankName: z.string().nullable() }),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type PaymentMethodView = z.infer<typeof paymentMethodSchema>;
export const paymentMethodListSchema = z.object({ results: z.array(paymentMethodSchema), cardPaymentsEnabled: z.boolean() });

/** How a saved method reads on screen: "Visa ···· 4242", "Chase ···· 6789", with the nickname first when set. */
export function paymentMethodLabel(m: Pick<PaymentMethodView, 'type' | 'nickname' | 'metadata'>): string {
  const brand = m.metadata.brand ? m.metadata.brand.charAt(0).toUpperCase() + m.metadata.brand.slice(1) : null;
  const base =
    m.type === 'CARD' ? `${brand ?? 'Card'} ···· ${m.metadata.last4 ?? '????'}` : `${m.metadata.bankName ?? 'Bank account'} ···· ${m.metadata.last4 ?? '????'}`;
  return m.nickname ? `${m.nickname} (${base})` : base;
}
