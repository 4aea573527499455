import { and, asc, eq, isNull } from 'drizzle-orm';
import { balanceOf, invoiceNumberText, paidOf, paymentMethodLabel, SALE_CATALOG_LIMIT, type InvoiceDetail, type SaleCatalog } from '@spotter/shared';
import { athletes, gyms, invoiceLines, invoices, paymentMethods, payments, products, taxRates } from '../../db/schema';
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

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/**
 * An invoice as `invoiceDetailSchema` shapes it (the sale's answer), in four queries. The invoices module's own read
 * (issue 19 H1) answers the same shape; the two can become one.
 */
export async function saleInvoiceDetail(db: DbOrTx, gymId: string, invoiceId: string): Promise<InvoiceDetail | null> {
  const [row] = await db
    .select({ inv: invoices, gymTitle: gyms.title, country: gyms.country, timeZone: gyms.timeZone, firstName: athletes.firstName, lastName: athletes.lastName })
    .from(invoices)
    .innerJoin(gyms, eq(gyms.id, invoices.gymId))
    .leftJoin(athletes, eq(athletes.id, invoices.athleteId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.gymId, gymId)));
  if (!row) return null;
  const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.position));
  const money = await db
    .select({ p: payments, method: paymentMethods })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const inv = row.inv;
  return {
    invoiceId: inv.id,
    number: inv.number,
    numberText: inv.number === null ? '' : invoiceNumberText(inv.number),
    athlete: inv.athleteId && row.firstName !== null ? { athleteId: inv.athleteId, fullName: `${row.firstName} ${row.lastName ?? ''}`.trim() } : null,
    guestName: inv.guestName,
    status: inv.status,
    source: inv.source,
    issueDate: inv.issueDate,
    dueDate: inv.dueDate,
    totalMinor: inv.totalMinor,
    paidMinor: paidOf(inv),
    balanceMinor: balanceOf(inv),
    gym: { title: row.gymTitle, country: row.country, timeZone: row.timeZone },
    guestEmail: inv.guestEmail,
    isTaxInclusive: inv.isTaxInclusive,
    netMinor: inv.netMinor,
    taxMinor: inv.taxMinor,
    note: inv.note,
    periodStart: inv.periodStart,
    periodEnd: inv.periodEnd,
    lines: lines.map((l) => ({
      description: l.description,
      itemPriceMinor: l.itemPriceMinor,
      quantity: l.quantity,
      taxRateValue: l.taxRateValue === null ? null : Number(l.taxRateValue),
      netMinor: l.netMinor,
      taxMinor: l.taxMinor,
      totalMinor: l.totalMinor,
    })),
    payments: money.map(({ p, method }) => ({
      paymentId: p.id,
      kind: p.kind,
      channel: p.channel,
      status: p.status,
      amountMinor: p.amountMinor,
      refundedMinor: p.refundedMinor,
      refundOfPaymentId: p.refundOfPaymentId,
      reason: p.reason,
      reference: p.reference,
      failureMessage: p.failureMessage,
      methodLabel: method ? paymentMethodLabel({ type: method.type, nickname: method.nickname, metadata: { brand: method.brand, last4: method.last4, bankName: method.bankName } }) : null,
      createdAt: iso(p.createdAt),
    })),
    failedAttempts: inv.failedAttempts,
    nextRetryOn: inv.nextRetryOn,
    lastFailureMessage: inv.lastFailureMessage,
    voidReason: inv.voidReason,
    createdAt: iso(inv.createdAt),
  };
}
