import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { invoiceStateOf, manualPaymentTypes } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type TestApp } from '../../../test/helper';
import { todayOf } from '../../../test/factories';
import { invoices, payments } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { createInvoice, recordPayment, recordRefund, voidInvoice } from './invoices.service';

fixClock(TEST_NOW);

/**
 * Issue 19's ledger property: random sequences of invoices, payments, refunds and voids (repeats of a key, amounts
 * too large, refunds of refunds, voids of paid invoices among them) run through the real write path on the database,
 * and after every step, for every invoice: paid = payments − refunds, balance = total − paid, no refund takes paid
 * below zero, no payment takes the balance below zero, and the stored state is the one the shared rules derive.
 */

let t: TestApp;
let gymId: string;
let athleteId: string;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  const w = await t.make.kioskGym({ athletes: 1 });
  gymId = w.gym.id;
  athleteId = w.members[0]!.athleteId;
  today = todayOf(w.gym);
});
afterAll(async () => {
  await t.close();
});

type Op =
  | { op: 'create'; lines: { price: number; quantity: number; tax: number | null }[]; dueInDays: number }
  | { op: 'pay'; invoice: number; amount: number; type: (typeof manualPaymentTypes)[number]; repeat: boolean }
  | { op: 'refund'; invoice: number; payment: number; amount: number; repeat: boolean }
  | { op: 'void'; invoice: number };

/** Mostly amounts a balance can take, sometimes too large, zero or negative (refused). */
const amountArb = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 3_000 }), weight: 6 }, { arbitrary: fc.integer({ min: -5, max: 30_000 }), weight: 1 });

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant('create' as const),
      lines: fc.array(
        fc.record({
          price: fc.integer({ min: 0, max: 20_000 }),
          quantity: fc.integer({ min: 1, max: 3 }),
          tax: fc.option(fc.constantFrom(5, 8.25, 20), { nil: null }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      dueInDays: fc.integer({ min: -3, max: 10 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('pay' as const),
      invoice: fc.nat(),
      amount: amountArb,
      type: fc.constantFrom(...manualPaymentTypes),
      repeat: fc.boolean(),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ op: fc.constant('refund' as const), invoice: fc.nat(), payment: fc.nat(), amount: amountArb, repeat: fc.boolean() }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('void' as const), invoice: fc.nat() }), weight: 1 },
);

let serial = 0;
/** What the runs did, so the property is seen to exercise every kind of write. */
const applied = { create: 0, pay: 0, refund: 0, void: 0, refused: 0 };
/** Runs one write in its own transaction; a refusal (4xx) rolls it back and is part of the game, anything else fails. */
async function attempt(fn: Parameters<TestApp['db']['transaction']>[0]): Promise<boolean> {
  try {
    await t.db.transaction(fn);
    return true;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode >= 400 && err.statusCode < 500) {
      applied.refused++;
      return false;
    }
    throw err;
  }
}

async function checkLedger(ids: string[]) {
  if (ids.length === 0) return;
  const invs = await t.db.select().from(invoices).where(inArray(invoices.id, ids));
  const rows = await t.db.select().from(payments).where(inArray(payments.invoiceId, ids));
  for (const inv of invs) {
    const mine = rows.filter((r) => r.invoiceId === inv.id && r.status === 'succeeded');
    const paymentsSum = mine.filter((r) => r.kind === 'payment').reduce((s, r) => s + r.amountMinor, 0);
    const refundsSum = mine.filter((r) => r.kind === 'refund').reduce((s, r) => s + r.amountMinor, 0);
    // The stored figures are the sums of the rows.
    expect(inv.paymentsMinor).toBe(paymentsSum);
    expect(inv.refundsMinor).toBe(refundsSum);
    const paid = inv.paymentsMinor - inv.refundsMinor;
    const balance = inv.totalMinor - paid;
    // No refund makes paid negative; no payment makes the balance negative.
    expect(paid).toBeGreaterThanOrEqual(0);
    expect(balance).toBeGreaterThanOrEqual(0);
    // Each payment's refunds never exceed it, and its refundedMinor is the sum of its refunds.
    for (const p of mine.filter((r) => r.kind === 'payment')) {
      const back = mine.filter((r) => r.refundOfPaymentId === p.id).reduce((s, r) => s + r.amountMinor, 0);
      expect(p.refundedMinor).toBe(back);
      expect(back).toBeLessThanOrEqual(p.amountMinor);
    }
    // The state is the shared rules' reading of the figures.
    const expected = invoiceStateOf({
      totalMinor: inv.totalMinor,
      paymentsMinor: inv.paymentsMinor,
      refundsMinor: inv.refundsMinor,
      isVoid: inv.voidedAt !== null,
      isDraft: false,
      dueDate: inv.dueDate,
      today,
      hasFailedCharge: inv.failedAttempts > 0,
    });
    expect(inv.status).toBe(expected);
    // A void invoice never holds money.
    if (inv.status === 'void') expect(paid).toBe(0);
  }
}

describe('the invoice ledger under random sequences (fast-check, real service)', () => {
  it('keeps paid = payments − refunds, balance = total − paid and no negative balance at every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const ids: string[] = [];
        const paymentIds = new Map<string, string[]>();
        const lastKey = new Map<string, string>();
        for (const o of ops) {
          if (o.op === 'create') {
            const due = new Date(`${today}T12:00:00Z`);
            due.setUTCDate(due.getUTCDate() + o.dueInDays);
            applied.create++;
            await attempt(async (tx) => {
              const made = await createInvoice(tx, gymId, {
                athleteId,
                source: 'manual',
                lines: o.lines.map((l, i) => ({ description: `Line ${i}`, itemPriceMinor: l.price, quantity: l.quantity, taxRateValue: l.tax })),
                dueDate: due.toISOString().slice(0, 10),
                actorUserId: null,
              });
              ids.push(made.invoiceId);
              paymentIds.set(made.invoiceId, []);
            });
          } else if (ids.length > 0) {
            const invoiceId = ids[o.invoice % ids.length]!;
            if (o.op === 'pay') {
              const idempotencyKey = o.repeat && lastKey.has(invoiceId) ? lastKey.get(invoiceId)! : `ledger-${++serial}`;
              lastKey.set(invoiceId, idempotencyKey);
              await attempt(async (tx) => {
                const r = await recordPayment(tx, gymId, { invoiceId, amountMinor: o.amount, channel: o.type, idempotencyKey, actorUserId: null });
                if (r.created) {
                  applied.pay++;
                  paymentIds.get(invoiceId)!.push(r.paymentId);
                }
              });
            } else if (o.op === 'refund') {
              const list = paymentIds.get(invoiceId)!;
              if (list.length > 0) {
                const paymentId = list[o.payment % list.length]!;
                const idempotencyKey = o.repeat && lastKey.has(paymentId) ? lastKey.get(paymentId)! : `ledger-refund-${++serial}`;
                lastKey.set(paymentId, idempotencyKey);
                if (
                  await attempt((tx) =>
                    recordRefund(tx, gymId, { paymentId, amountMinor: o.amount, reason: 'Property test', idempotencyKey, actorUserId: null }),
                  )
                )
                  applied.refund++;
              }
            } else {
              if (await attempt((tx) => voidInvoice(tx, gymId, invoiceId, { reason: 'Property test' }))) applied.void++;
            }
          }
          await checkLedger(ids);
        }
        // The repeats recorded nothing twice: every key is one row.
        const keys = (await t.db.select({ k: payments.idempotencyKey }).from(payments).where(eq(payments.gymId, gymId))).map((r) => r.k);
        expect(new Set(keys).size).toBe(keys.length);
      }),
      { numRuns: 60 },
    );
    // Every kind of write happened (a void succeeds only on an unpaid invoice: 3 in one CI run, so no higher bar).
    for (const [kind, n] of Object.entries(applied)) expect(n, `${kind}: ${JSON.stringify(applied)}`).toBeGreaterThan(0);
  });
});
