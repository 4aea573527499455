import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { TEST_NOW, createTestApp, fixClock, type TestApp } from '../../../test/helper';
import { mailOutbox } from '../../db/schema';
import { queueInvoiceMail } from './invoice-mail';
import { createInvoice, recordFailedCharge } from './invoices.service';

fixClock(TEST_NOW);

let t: TestApp;
let w: Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let uk: Awaited<ReturnType<TestApp['make']['kioskGym']>>;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://app.spotter.test' });
  w = await t.make.kioskGym({ athletes: 1 });
  uk = await t.make.kioskGym({ athletes: 1, country: 'GB', timeZone: 'Europe/London', isTaxInclusive: true });
});
afterAll(async () => {
  await t.close();
});

const invoiceFor = (gymId: string, party: { athleteId?: string; guestName?: string; guestEmail?: string }, price = 5000) =>
  t.db.transaction((tx) =>
    createInvoice(tx, gymId, {
      athleteId: party.athleteId ?? null,
      guestName: party.guestName ?? null,
      guestEmail: party.guestEmail ?? null,
      source: 'billing_period',
      lines: [{ description: 'Unlimited membership', itemPriceMinor: price, quantity: 1, taxRateValue: 20 }],
      actorUserId: null,
    }),
  );
const rowsOf = (ids: (string | null)[]) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(
      inArray(
        mailOutbox.id,
        ids.filter((i): i is string => i !== null),
      ),
    );

describe('queueInvoiceMail (issue 19: the mails H2 and H4 send through the outbox)', () => {
  it('a failed charge mails the athlete the provider’s message and the next retry, once per failed attempt, the PDF attached', async () => {
    const athlete = w.members[0]!;
    const inv = await invoiceFor(w.gym.id, { athleteId: athlete.athleteId });
    await t.db.transaction((tx) => recordFailedCharge(tx, w.gym.id, inv.invoiceId, { failureMessage: 'Your card was declined.', nextRetryOn: '2026-03-05' }));
    const first = await t.db.transaction((tx) =>
      queueInvoiceMail(tx, t.app.jobs, w.gym.id, inv.invoiceId, 'payment_failed', { appUrl: 'https://app.spotter.test' }),
    );
    // The same attempt again (a retried job): the same mail, not a second one.
    const again = await t.db.transaction((tx) =>
      queueInvoiceMail(tx, t.app.jobs, w.gym.id, inv.invoiceId, 'payment_failed', { appUrl: 'https://app.spotter.test' }),
    );
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    const [row] = await rowsOf([first]);
    expect(row).toMatchObject({
      kind: 'payment_failed',
      toAddress: athlete.email,
      gymId: w.gym.id,
      attachments: [{ kind: 'invoice_pdf', invoiceId: inv.invoiceId }],
    });
    expect(row!.subject).toBe(`Payment failed for invoice INV-${String(inv.number).padStart(6, '0')} from ${w.gym.title}`);
    expect(row!.text).toContain('The payment provider said: Your card was declined.');
    expect(row!.text).toContain('We will try your saved payment method again on 03/05/2026.');
    expect(row!.text).toContain('$60.00');
    expect(row!.text).toContain(`https://app.spotter.test/invoices/${inv.invoiceId}`);
    // A second failure is another mail.
    await t.db.transaction((tx) => recordFailedCharge(tx, w.gym.id, inv.invoiceId, { failureMessage: 'Insufficient funds.', nextRetryOn: null }));
    const second = await t.db.transaction((tx) => queueInvoiceMail(tx, t.app.jobs, w.gym.id, inv.invoiceId, 'payment_failed'));
    expect((await rowsOf([second]))[0]!.text).toContain(
      'We will not try your saved payment method again: please pay at the front desk or in the app, or update your payment method.',
    );
  });

  it("mails a guest's sale to the guest's email in the gym's currency; a guest without one gets nothing", async () => {
    const withEmail = await invoiceFor(uk.gym.id, { guestName: 'Wanda Walk-in', guestEmail: 'wanda@example.com' }, 1200);
    const id = await t.db.transaction((tx) => queueInvoiceMail(tx, t.app.jobs, uk.gym.id, withEmail.invoiceId, 'invoice'));
    const [row] = await rowsOf([id]);
    expect(row).toMatchObject({ toAddress: 'wanda@example.com', kind: 'invoice' });
    // Issue 22: the text part opens with the gym's header, then the greeting.
    expect(row!.text).toContain('Hi Wanda Walk-in,');
    expect(row!.text).toContain('Total: £12.00');
    // No link for a guest: there is no athlete app to open.
    expect(row!.text).not.toContain('/invoices/');
    const without = await invoiceFor(uk.gym.id, { guestName: 'No Email' });
    expect(await t.db.transaction((tx) => queueInvoiceMail(tx, t.app.jobs, uk.gym.id, without.invoiceId, 'invoice'))).toBeNull();
    // Another gym's invoice is nobody's to mail.
    expect(await t.db.transaction((tx) => queueInvoiceMail(tx, t.app.jobs, w.gym.id, withEmail.invoiceId, 'invoice'))).toBeNull();
  });

  it('delivers with the PDF rendered at send time (the invoice as it is then)', async () => {
    const inv = await invoiceFor(w.gym.id, { athleteId: w.members[0]!.athleteId });
    const id = await t.db.transaction((tx) => queueInvoiceMail(tx, t.app.jobs, w.gym.id, inv.invoiceId, 'invoice_reminder'));
    const before = t.mail.length;
    await t.drainJobs();
    const sent = t.mail.slice(before).find((m) => m.subject.startsWith('Reminder: invoice'));
    expect(sent?.attachments?.[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!)))[0]!.status).toBe('sent');
  });
});
