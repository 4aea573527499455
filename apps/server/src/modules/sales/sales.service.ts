import { and, eq, sql } from 'drizzle-orm';
import { saleMessages, type ManualPaymentType } from '@spotter/shared';
import { athletes, invoiceCounters, invoices } from '../../db/schema';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import type { Jobs } from '../../lib/jobs';
import { queueInvoiceMail } from '../invoices';
import { conflict, notFound } from '../../lib/http-error';
import { createInvoice, recordPayment, type NewInvoiceLine } from '../invoices';
import { takeProductSale, type SaleRefusals } from '../products';

/**
 * Issue 19 H4: the front desk's sale of a cart (retail items and fees) to an athlete or a guest. One transaction:
 * the stock of every retail item (the products module's guarded statement), a product_sales row per item (reports
 * read them), one invoice (source 'sale') with a line per item through the one write path, and, when paid at the desk,
 * a manual payment of the whole total. Anything refused (an item out of stock, archived, not the gym's) rolls all of
 * it back.
 *
 * Idempotent by key: the transaction first locks the gym's invoice counter (the row `createInvoice` locks too), so
 * two sales of one gym queue there; the second of two with the same key then finds the first's invoice and answers
 * it, having taken no stock.
 */

export type ParsedCartSale = {
  athleteId: string | null;
  guestName?: string | undefined;
  guestEmail?: string | undefined;
  items: { productId: string; quantity: number }[];
  payment?: { type: ManualPaymentType; reference?: string | undefined } | undefined;
  idempotencyKey: string;
};

export type CartSaleResult = { invoiceId: string; created: boolean };

const cartRefusals: SaleRefusals = {
  archived: (name) => conflict(saleMessages.archived(name), 'archived'),
  outOfStock: (name, left) => conflict(saleMessages.outOfStock(name, left), 'out_of_stock'),
};

/** The same product twice in a cart is one line of the summed quantity, where it first appeared (cartSaleSchema keeps it within a line's limit). */
function mergeItems(items: ParsedCartSale['items']) {
  const merged = new Map<string, number>();
  for (const item of items) merged.set(item.productId, (merged.get(item.productId) ?? 0) + item.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

export async function sellCart(
  ctx: WriteContext & { jobs: Jobs; appUrl?: string },
  gymId: string,
  input: ParsedCartSale,
  actorUserId: string | null,
  now?: Date,
): Promise<CartSaleResult> {
  return writeTransaction(ctx, async (tx, publish) => {
    // The gym's invoice counter, locked first (as createInvoice does): sales of this gym queue here.
    await tx.execute(
      sql`insert into ${invoiceCounters} (gym_id, last_number) values (${gymId}, 0) on conflict (gym_id) do update set last_number = ${invoiceCounters}.last_number`,
    );
    const [repeat] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.gymId, gymId), eq(invoices.idempotencyKey, input.idempotencyKey)));
    if (repeat) return { invoiceId: repeat.id, created: false };

    const athleteId = input.athleteId;
    if (athleteId !== null) {
      const [athlete] = await tx
        .select({ id: athletes.id })
        .from(athletes)
        .where(and(eq(athletes.id, athleteId), eq(athletes.gymId, gymId)));
      if (!athlete) throw notFound(saleMessages.athleteNotFound);
    }
    const lines: NewInvoiceLine[] = [];
    for (const [index, item] of mergeItems(input.items).entries()) {
      const sale = await takeProductSale(
        tx,
        gymId,
        { ...item, athleteId, idempotencyKey: `${input.idempotencyKey}:${index}`, actorUserId },
        cartRefusals,
      ).catch((e: unknown) => {
        if ((e as { statusCode?: number }).statusCode === 404) throw notFound(saleMessages.productNotFound);
        throw e;
      });
      lines.push({
        description: sale.product.name,
        itemPriceMinor: sale.product.priceMinor,
        quantity: item.quantity,
        taxRateValue: sale.percent,
        taxRateId: sale.product.taxRateId,
        productId: sale.product.id,
      });
    }
    const invoice = await createInvoice(tx, gymId, {
      athleteId,
      guestName: athleteId === null ? (input.guestName ?? null) : null,
      guestEmail: athleteId === null ? (input.guestEmail ?? null) : null,
      source: 'sale',
      lines,
      limitField: 'items',
      idempotencyKey: input.idempotencyKey,
      actorUserId,
      now,
    });
    if (input.payment) {
      const [inv] = await tx.select({ totalMinor: invoices.totalMinor }).from(invoices).where(eq(invoices.id, invoice.invoiceId));
      // A free cart is paid already.
      if (inv!.totalMinor > 0) {
        await recordPayment(tx, gymId, {
          invoiceId: invoice.invoiceId,
          amountMinor: inv!.totalMinor,
          channel: input.payment.type,
          reference: input.payment.reference || null,
          idempotencyKey: `${input.idempotencyKey}:payment`,
          actorUserId,
          now,
        });
      }
    }
    // The invoice (or, paid at once, its receipt) to the athlete or the guest's email, with its PDF; none without an address.
    await queueInvoiceMail(tx, ctx.jobs, gymId, invoice.invoiceId, input.payment ? 'payment_receipt' : 'invoice', { appUrl: ctx.appUrl });
    await publish({ kind: 'gym', gymId });
    return { invoiceId: invoice.invoiceId, created: true };
  });
}
