import { describe, expect, it } from 'vitest';
import { cartSaleSchema } from '../api/invoices';
import { saleInputSchema } from '../api/products-catalog';
import { feeInputSchema } from '../api/reservations';
import { invoiceLimitRefusal, MAX_INVOICE_TOTAL_MINOR, MAX_LINE_QUANTITY, MAX_PRICE_MINOR, moneyLimitMessages } from './money-limits';

const P = '00000000-0000-4000-8000-000000000001';
const Q = '00000000-0000-4000-8000-000000000002';
const cart = (items: { productId: string; quantity: number }[]) => cartSaleSchema.safeParse({ guestName: 'G', items, idempotencyKey: 'key-12345' });
const fieldsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('money limits (issue 32, decision 040)', () => {
  it('an invoice is refused past the line limits or the total, and taken at them', () => {
    const most = { itemPriceMinor: MAX_PRICE_MINOR, quantity: MAX_LINE_QUANTITY };
    expect(invoiceLimitRefusal([most], MAX_INVOICE_TOTAL_MINOR)).toBeNull();
    expect(invoiceLimitRefusal([most], MAX_INVOICE_TOTAL_MINOR + 1)?.code).toBe('invoice_too_large');
    expect(invoiceLimitRefusal([{ ...most, quantity: MAX_LINE_QUANTITY + 1 }], 1)?.code).toBe('line_too_large');
    expect(invoiceLimitRefusal([{ ...most, itemPriceMinor: MAX_PRICE_MINOR + 1 }], 1)?.code).toBe('line_too_large');
  });

  it('a cart holds at most 999 of one product, however many lines name it', () => {
    expect(
      cart([
        { productId: P, quantity: MAX_LINE_QUANTITY },
        { productId: Q, quantity: MAX_LINE_QUANTITY },
      ]).success,
    ).toBe(true);
    expect(
      cart([
        { productId: P, quantity: 500 },
        { productId: Q, quantity: 1 },
        { productId: P, quantity: 499 },
      ]).success,
    ).toBe(true);
    expect(
      fieldsOf(
        cart([
          { productId: P, quantity: 500 },
          { productId: Q, quantity: 1 },
          { productId: P, quantity: 500 },
        ]),
      ),
    ).toEqual({ 'items.2.quantity': moneyLimitMessages.itemTwice });
    expect(fieldsOf(cart([{ productId: P, quantity: MAX_LINE_QUANTITY + 1 }]))).toEqual({ 'items.0.quantity': moneyLimitMessages.quantity });
  });

  it('a single sale takes 1 to 999 units; a kiosk charge at most 100,000.00', () => {
    expect(saleInputSchema.safeParse({ quantity: MAX_LINE_QUANTITY, idempotencyKey: 'key-12345' }).success).toBe(true);
    expect(fieldsOf(saleInputSchema.safeParse({ quantity: MAX_LINE_QUANTITY + 1, idempotencyKey: 'key-12345' }))).toEqual({
      quantity: moneyLimitMessages.quantity,
    });
    expect(feeInputSchema.parse('100000.00')).toBe(MAX_PRICE_MINOR);
    expect(fieldsOf(feeInputSchema.safeParse('100000.01'))).toEqual({ '': moneyLimitMessages.fee });
    expect(fieldsOf(feeInputSchema.safeParse(999_999_999.99))).toEqual({ '': moneyLimitMessages.fee });
  });
});
