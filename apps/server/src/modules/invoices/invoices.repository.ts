import { and, asc, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  invoiceNumberText,
  paymentMethodLabel,
  type InvoiceDetail,
  type InvoiceListFilter,
  type InvoicePage,
  type InvoiceRow,
  type InvoiceSource,
  type InvoiceStatus,
  type PaymentView,
} from '@spotter/shared';
import type { DbOrTx } from '../../db/client';
import { athletes, gyms, invoiceLines, invoices, paymentMethods, payments } from '../../db/schema';
import { containsPattern } from '../../lib/sql-text';
import { col } from '../event-setup';

/**
 * Issue 19: reading invoices. One filter (`whereOf`) serves `/invoices`, the athlete page's tab, the athlete's own list
 * and the CSV export. A page is two statements whatever its size or the gym's size: the count with the totals of the
 * whole filtered set, and the page's rows (each with its athlete's name, joined by primary key).
 */

export type InvoiceScope = { gymId: string; athleteId?: string };
type Window = { limit: number; offset: number };

const fullName = sql<string>`trim(${col(athletes.firstName)} || ' ' || ${col(athletes.lastName)})`;

function searchOf(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search.toLowerCase());
  const digits = /^\s*(inv-?)?\s*0*(\d{1,9})\s*$/i.exec(search);
  return or(
    digits ? eq(invoices.number, Number(digits[2])) : undefined,
    sql`lower(${col(athletes.firstName)} || ' ' || ${col(athletes.lastName)}) like ${pattern}`,
    sql`lower(${col(invoices.guestName)}) like ${pattern}`,
  );
}

export function whereOf(scope: InvoiceScope, q: InvoiceListFilter): SQL {
  return and(
    eq(invoices.gymId, scope.gymId),
    scope.athleteId ? eq(invoices.athleteId, scope.athleteId) : undefined,
    q.athleteId ? eq(invoices.athleteId, q.athleteId) : undefined,
    q.status ? eq(invoices.status, q.status) : undefined,
    q.from ? gte(invoices.issueDate, q.from) : undefined,
    q.to ? lte(invoices.issueDate, q.to) : undefined,
    searchOf(q.search),
  )!;
}

/** The sort, then number and id (a stable order); rows without an issue date or number (seeded history) come last. */
function orderOf(q: InvoiceListFilter) {
  const dir = q.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const key = q.sort === 'number' ? invoices.number : q.sort === 'total' ? invoices.totalMinor : q.sort === 'dueDate' ? invoices.dueDate : invoices.issueDate;
  return [sql`${key} ${dir}`, sql`${invoices.number} ${dir}`, q.order === 'asc' ? asc(invoices.id) : desc(invoices.id)];
}

const rowColumns = {
  id: invoices.id,
  number: invoices.number,
  athleteId: invoices.athleteId,
  firstName: athletes.firstName,
  lastName: athletes.lastName,
  guestName: invoices.guestName,
  status: invoices.status,
  source: invoices.source,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  totalMinor: invoices.totalMinor,
  paymentsMinor: invoices.paymentsMinor,
  refundsMinor: invoices.refundsMinor,
};

type RawRow = {
  id: string;
  number: number | null;
  athleteId: string | null;
  firstName: string | null;
  lastName: string | null;
  guestName: string | null;
  status: InvoiceStatus;
  source: InvoiceSource;
  issueDate: string | null;
  dueDate: string;
  totalMinor: number;
  paymentsMinor: number;
  refundsMinor: number;
};

export function toInvoiceRow(r: RawRow): InvoiceRow {
  const paid = r.paymentsMinor - r.refundsMinor;
  return {
    invoiceId: r.id,
    number: r.number,
    numberText: r.number === null ? 'Unnumbered' : invoiceNumberText(r.number),
    athlete: r.athleteId ? { athleteId: r.athleteId, fullName: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() } : null,
    guestName: r.guestName,
    status: r.status,
    source: r.source,
    issueDate: r.issueDate,
    dueDate: r.dueDate,
    totalMinor: r.totalMinor,
    paidMinor: paid,
    // A void invoice owes nothing.
    balanceMinor: r.status === 'void' ? 0 : r.totalMinor - paid,
  };
}

async function windowRows(db: DbOrTx, scope: InvoiceScope, q: InvoiceListFilter, w: Window): Promise<InvoiceRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(invoices)
    .leftJoin(athletes, eq(athletes.id, invoices.athleteId))
    .where(whereOf(scope, q))
    .orderBy(...orderOf(q))
    .limit(w.limit)
    .offset(w.offset);
  return rows.map(toInvoiceRow);
}

/** One page of invoices with the count and totals of the whole filter: two statements. Void invoices count for nothing owed. */
export async function listInvoices(db: DbOrTx, scope: InvoiceScope, q: InvoiceListFilter & Window): Promise<Omit<InvoicePage, 'next' | 'previous'>> {
  const [totals] = await db
    .select({
      count: sql<number>`count(*)::int`,
      totalMinor: sql<number>`coalesce(sum(${col(invoices.totalMinor)}) filter (where ${col(invoices.status)} <> 'void'), 0)::bigint`,
      paidMinor: sql<number>`coalesce(sum(${col(invoices.paymentsMinor)} - ${col(invoices.refundsMinor)}), 0)::bigint`,
      balanceMinor: sql<number>`coalesce(sum(${col(invoices.totalMinor)} - ${col(invoices.paymentsMinor)} + ${col(invoices.refundsMinor)}) filter (where ${col(invoices.status)} <> 'void'), 0)::bigint`,
    })
    .from(invoices)
    .leftJoin(athletes, eq(athletes.id, invoices.athleteId))
    .where(whereOf(scope, q));
  const t = {
    count: Number(totals?.count ?? 0),
    totalMinor: Number(totals?.totalMinor ?? 0),
    paidMinor: Number(totals?.paidMinor ?? 0),
    balanceMinor: Number(totals?.balanceMinor ?? 0),
  };
  const results = t.count === 0 ? [] : await windowRows(db, scope, q, q);
  return { count: t.count, results, totals: t };
}

export const EXPORT_BATCH = 1000;

/** Every invoice of the filter, in its sort, a batch at a time (the CSV export streams them): one statement a batch. */
export async function* invoiceBatches(db: DbOrTx, scope: InvoiceScope, q: InvoiceListFilter, batch = EXPORT_BATCH): AsyncGenerator<InvoiceRow[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await windowRows(db, scope, q, { limit: batch, offset });
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
  }
}

/** One invoice of the gym (and of the athlete, when scoped) with its lines and payments: four statements; null when not found. */
export async function findInvoiceDetail(db: DbOrTx, scope: InvoiceScope, invoiceId: string): Promise<InvoiceDetail | null> {
  const [row] = await db
    .select({ ...rowColumns, inv: invoices, gymTitle: gyms.title, country: gyms.country, timeZone: gyms.timeZone, athleteEmail: athletes.email, fullName })
    .from(invoices)
    .innerJoin(gyms, eq(gyms.id, invoices.gymId))
    .leftJoin(athletes, eq(athletes.id, invoices.athleteId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.gymId, scope.gymId), scope.athleteId ? eq(invoices.athleteId, scope.athleteId) : undefined));
  if (!row) return null;
  const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.position));
  const pays = await db
    .select({
      p: payments,
      m: {
        type: paymentMethods.type,
        nickname: paymentMethods.nickname,
        brand: paymentMethods.brand,
        last4: paymentMethods.last4,
        bankName: paymentMethods.bankName,
      },
    })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const inv = row.inv;
  return {
    ...toInvoiceRow(row),
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
    payments: pays.map(({ p, m }): PaymentView => ({
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
      methodLabel: m?.type
        ? paymentMethodLabel({ type: m.type, nickname: m.nickname, metadata: { brand: m.brand, last4: m.last4, bankName: m.bankName } })
        : null,
      createdAt: p.createdAt.toISOString(),
    })),
    failedAttempts: inv.failedAttempts,
    nextRetryOn: inv.nextRetryOn,
    lastFailureMessage: inv.lastFailureMessage,
    voidReason: inv.voidReason,
    createdAt: inv.createdAt.toISOString(),
  };
}

/** Where an invoice's mail goes: the athlete's email, else the guest's; null when there is none. */
export async function recipientOf(db: DbOrTx, gymId: string, invoiceId: string): Promise<{ email: string; name: string } | null> {
  const [row] = await db
    .select({ athleteEmail: athletes.email, guestEmail: invoices.guestEmail, guestName: invoices.guestName, fullName })
    .from(invoices)
    .leftJoin(athletes, eq(athletes.id, invoices.athleteId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.gymId, gymId)));
  if (!row) return null;
  const email = row.athleteEmail ?? row.guestEmail;
  if (!email) return null;
  return { email, name: row.athleteEmail ? (row.fullName ?? '') : (row.guestName ?? '') };
}
