import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { eq } from 'drizzle-orm';
import type { InvoiceDetail, InvoicePage } from '@spotter/shared';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { invoices, mailOutbox, paymentAccounts, payments } from '../../db/schema';
import { createInvoice, type NewInvoice } from './invoices.service';
import { pdfSafeText, renderInvoicePdf } from './invoice-pdf';

fixClock(TEST_NOW);

type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let uk: KioskGym;
let owner: ApiClient;
let ukOwner: ApiClient;
let books: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 3 });
  uk = await t.make.kioskGym({ athletes: 1, country: 'GB', timeZone: 'Europe/London', isTaxInclusive: true });
  owner = await t.as(w.owner);
  ukOwner = await t.as(uk.owner);
  const bookkeeper = await t.make.staff(w.gym.id, { permissions: ['InvoiceReportsView'] });
  books = await t.as(bookkeeper);
});
afterAll(async () => {
  await t.close();
});

const key = () => `k-${randomUUID()}`;
/** An invoice of the gym through the one write path: one line of `price` (8.25% tax unless told). */
async function invoice(gymId: string, athleteId: string | null, price: number, o: Partial<NewInvoice> & { taxRateValue?: number | null } = {}) {
  return t.db.transaction((tx) =>
    createInvoice(tx, gymId, {
      athleteId,
      source: 'manual',
      lines: [{ description: 'Drop-in class', itemPriceMinor: price, quantity: 1, taxRateValue: o.taxRateValue === undefined ? 8.25 : o.taxRateValue }],
      actorUserId: null,
      ...o,
    }),
  );
}
const pay = (c: ApiClient, invoiceId: string, amountMinor: number, o: Record<string, unknown> = {}) =>
  c.post(`/api/invoices/${invoiceId}/payments/`, { amountMinor, type: 'cash_or_check', idempotencyKey: key(), ...o });

describe('/invoices: the list, its filters and totals', () => {
  let gym: Awaited<ReturnType<TestApp['make']['kioskGym']>>;
  let c: ApiClient;
  beforeAll(async () => {
    gym = await t.make.kioskGym({ athletes: 2 });
    c = await t.as(gym.owner);
    const [a, b] = gym.members;
    await invoice(gym.gym.id, a!.athleteId, 1000, { issueDate: '2026-02-01', dueDate: '2026-02-01' });
    await invoice(gym.gym.id, a!.athleteId, 2000, { issueDate: '2026-03-01', dueDate: '2026-03-31' });
    await invoice(gym.gym.id, b!.athleteId, 4000, { issueDate: '2026-03-02', dueDate: '2026-03-31' });
    await invoice(gym.gym.id, null, 500, { guestName: 'Walk-in Wanda', issueDate: '2026-03-03', dueDate: '2026-03-31', taxRateValue: null });
    // Another gym's invoice never shows.
    await invoice(w.gym.id, w.members[0]!.athleteId, 9999);
  });

  it('lists newest first with the totals of the whole filtered set, not only the page', async () => {
    const res = await c.get('/api/invoices/?limit=2');
    expect(res.statusCode).toBe(200);
    const page = res.json<InvoicePage>();
    expect(page.count).toBe(4);
    expect(page.results.map((r) => r.issueDate)).toEqual(['2026-03-03', '2026-03-02']);
    expect(page.next).toContain('offset=2');
    // 1000, 2000, 4000 with 8.25% added, 500 untaxed.
    expect(page.totals).toEqual({ count: 4, totalMinor: 1083 + 2165 + 4330 + 500, paidMinor: 0, balanceMinor: 1083 + 2165 + 4330 + 500 });
    expect(page.results[0]).toMatchObject({ guestName: 'Walk-in Wanda', athlete: null, status: 'open', numberText: expect.stringMatching(/^INV-\d{6}$/) });
  });

  it('filters by state, issue-date range, athlete and a search on name or number', async () => {
    const [a] = gym.members;
    const pastDue = (await c.get('/api/invoices/?status=past_due')).json<InvoicePage>();
    expect(pastDue.results.map((r) => r.totalMinor)).toEqual([1083]);
    const march = (await c.get('/api/invoices/?from=2026-03-01&to=2026-03-02')).json<InvoicePage>();
    expect(march.results.map((r) => r.totalMinor)).toEqual([4330, 2165]);
    const ofA = (await c.get(`/api/invoices/?athleteId=${a!.athleteId}`)).json<InvoicePage>();
    expect(ofA.totals).toMatchObject({ count: 2, totalMinor: 3248 });
    const byName = (await c.get('/api/invoices/?search=wanda')).json<InvoicePage>();
    expect(byName.results.map((r) => r.guestName)).toEqual(['Walk-in Wanda']);
    const n = byName.results[0]!.numberText;
    const byNumber = (await c.get(`/api/invoices/?search=${n}`)).json<InvoicePage>();
    expect(byNumber.results.map((r) => r.numberText)).toEqual([n]);
    const sorted = (await c.get('/api/invoices/?sort=total&order=asc')).json<InvoicePage>();
    expect(sorted.results.map((r) => r.totalMinor)).toEqual([500, 1083, 2165, 4330]);
  });

  it('refuses a reversed range and a bad state with a 400 message', async () => {
    const reversed = await c.get('/api/invoices/?from=2026-03-05&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBeTruthy();
    expect((await c.get('/api/invoices/?status=lost')).statusCode).toBe(400);
  });

  it('reads a page in a fixed number of statements whatever its size', async () => {
    const small = await countDriverQueries(t.db, () => c.get('/api/invoices/?limit=1'));
    const large = await countDriverQueries(t.db, () => c.get('/api/invoices/?limit=100'));
    expect(large.result.json<InvoicePage>().results).toHaveLength(4);
    expect(large.count).toBe(small.count);
  });

  it('exports the whole filtered set as CSV, money as plain amounts', async () => {
    const res = await c.get('/api/invoices/export.csv?status=open');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="invoices-.*\.csv"/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Number,Billed to,Status,Source,Issued,Due,Total,Paid,Balance');
    expect(lines, lines.join('\n')).toHaveLength(4);
    expect(lines[1]).toContain('Walk-in Wanda,Open,Manual invoice,03/03/2026,03/31/2026,5.00,0.00,5.00');
  });

  it('staff without InvoiceReportsView and athletes are refused', async () => {
    expect((await (await t.as(gym.staff)).get('/api/invoices/')).statusCode).toBe(403);
    const athlete = await t.make.athlete(gym.gym.id);
    expect((await (await t.as({ userId: athlete.userId!, profileId: athlete.profileId })).get('/api/invoices/')).statusCode).toBe(403);
  });
});

describe('an invoice: payments, refunds, voids', () => {
  it('records a cash payment, answers a repeated key with the same one, and refuses more than the balance', async () => {
    const inv = await invoice(w.gym.id, w.members[0]!.athleteId, 10000);
    const k = key();
    const first = await pay(books, inv.invoiceId, 4000, { idempotencyKey: k, reference: 'Receipt 12' });
    expect(first.statusCode).toBe(201);
    expect(first.json<InvoiceDetail>()).toMatchObject({ status: 'partially_paid', paidMinor: 4000, balanceMinor: 6825, totalMinor: 10825 });
    const again = await pay(books, inv.invoiceId, 4000, { idempotencyKey: k });
    expect(again.statusCode).toBe(200);
    expect(again.json<InvoiceDetail>().paidMinor).toBe(4000);
    expect(await t.db.select().from(payments).where(eq(payments.invoiceId, inv.invoiceId))).toHaveLength(1);
    const tooMuch = await pay(books, inv.invoiceId, 6826);
    expect([tooMuch.statusCode, tooMuch.json().code]).toEqual([409, 'amount_too_large']);
    const rest = await pay(books, inv.invoiceId, 6825, { type: 'e_transfer' });
    expect(rest.json<InvoiceDetail>()).toMatchObject({ status: 'paid', balanceMinor: 0 });
    // (Both recorded at the fixed test clock: their order is the id's, so compare them sorted.)
    expect(
      rest
        .json<InvoiceDetail>()
        .payments.map((p) => [p.channel, p.amountMinor, p.reference])
        .sort((a, b) => Number(a[1]) - Number(b[1])),
    ).toEqual([
      ['cash_or_check', 4000, 'Receipt 12'],
      ['e_transfer', 6825, null],
    ]);
  });

  it('refunds part of a payment with a reason (partially refunded), never more than it holds, then the rest (refunded)', async () => {
    const inv = await invoice(w.gym.id, w.members[1]!.athleteId, 2000, { taxRateValue: null });
    const paid = (await pay(books, inv.invoiceId, 2000)).json<InvoiceDetail>();
    const paymentId = paid.payments[0]!.paymentId;
    const part = await books.post(`/api/invoices/${inv.invoiceId}/refunds/`, { paymentId, amountMinor: 500, reason: 'Class cancelled', idempotencyKey: key() });
    expect(part.statusCode).toBe(201);
    expect(part.json<InvoiceDetail>()).toMatchObject({ status: 'partially_refunded', paidMinor: 1500, balanceMinor: 500 });
    const refund = part.json<InvoiceDetail>().payments.find((p) => p.kind === 'refund')!;
    expect(refund).toMatchObject({ amountMinor: 500, reason: 'Class cancelled', refundOfPaymentId: paymentId });
    const over = await books.post(`/api/invoices/${inv.invoiceId}/refunds/`, { paymentId, amountMinor: 1501, reason: 'Oops', idempotencyKey: key() });
    expect([over.statusCode, over.json().code]).toEqual([409, 'amount_too_large']);
    const noReason = await books.post(`/api/invoices/${inv.invoiceId}/refunds/`, { paymentId, amountMinor: 10, reason: ' ', idempotencyKey: key() });
    expect(noReason.statusCode).toBe(400);
    const rest = await books.post(`/api/invoices/${inv.invoiceId}/refunds/`, { paymentId, amountMinor: 1500, reason: 'Moved away', idempotencyKey: key() });
    expect(rest.json<InvoiceDetail>()).toMatchObject({ status: 'refunded', paidMinor: 0 });
  });

  it('a refund of a card payment with no provider configured is refused (409), nothing recorded', async () => {
    const inv = await invoice(w.gym.id, w.members[2]!.athleteId, 1000, { taxRateValue: null });
    const [p] = await t.db
      .insert(payments)
      .values({
        gymId: w.gym.id,
        invoiceId: inv.invoiceId,
        kind: 'payment',
        channel: 'card',
        status: 'succeeded',
        amountMinor: 1000,
        providerId: `pi_${randomUUID()}`,
      })
      .returning();
    const res = await books.post(`/api/invoices/${inv.invoiceId}/refunds/`, { paymentId: p!.id, amountMinor: 100, reason: 'Sorry', idempotencyKey: key() });
    expect([res.statusCode, res.json().code]).toEqual([409, 'no_provider']);
    expect(await t.db.select().from(payments).where(eq(payments.invoiceId, inv.invoiceId))).toHaveLength(1);
  });

  it('voids an unpaid invoice with a reason; a paid one must be refunded first', async () => {
    const open = await invoice(w.gym.id, w.members[0]!.athleteId, 1500);
    const voided = await books.post(`/api/invoices/${open.invoiceId}/void/`, { reason: 'Billed twice' });
    expect(voided.statusCode).toBe(200);
    expect(voided.json<InvoiceDetail>()).toMatchObject({ status: 'void', voidReason: 'Billed twice', balanceMinor: 0 });
    const payVoid = await pay(books, open.invoiceId, 100);
    expect([payVoid.statusCode, payVoid.json().code]).toEqual([409, 'invoice_void']);
    const paid = await invoice(w.gym.id, w.members[0]!.athleteId, 1500, { taxRateValue: null });
    await pay(books, paid.invoiceId, 100);
    const refused = await books.post(`/api/invoices/${paid.invoiceId}/void/`, { reason: 'No' });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'invoice_paid']);
  });

  it("another gym's invoice is not found, for reading and for writing", async () => {
    const inv = await invoice(w.gym.id, w.members[0]!.athleteId, 1500);
    expect((await ukOwner.get(`/api/invoices/${inv.invoiceId}/`)).statusCode).toBe(404);
    expect((await pay(ukOwner, inv.invoiceId, 100)).statusCode).toBe(404);
    expect((await ukOwner.post(`/api/invoices/${inv.invoiceId}/void/`, { reason: 'x' })).statusCode).toBe(404);
    expect((await ukOwner.get(`/api/invoices/${inv.invoiceId}/pdf`)).statusCode).toBe(404);
  });
});

describe('the PDF and the mail', () => {
  it('renders a PDF of the invoice (A4, its title the gym and number)', async () => {
    const inv = await invoice(uk.gym.id, uk.members[0]!.athleteId, 2400, { taxRateValue: 20 });
    const res = await ukOwner.get(`/api/invoices/${inv.invoiceId}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`${uk.gym.title} INV-${String(inv.number).padStart(6, '0')}`);
    // Tax-inclusive (UK): the total is the price.
    expect((await ukOwner.get(`/api/invoices/${inv.invoiceId}/`)).json<InvoiceDetail>()).toMatchObject({
      totalMinor: 2400,
      taxMinor: 400,
      isTaxInclusive: true,
    });
  });

  it('draws any text: characters the standard font cannot encode are replaced, long invoices run onto more pages', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(pdfSafeText('Zoë’s “gym” — 東京\n£5', font)).toBe('Zoë\'s "gym" - ?? £5');
    const detail = (await owner.get(`/api/invoices/${(await invoice(w.gym.id, w.members[0]!.athleteId, 100)).invoiceId}/`)).json<InvoiceDetail>();
    const many = {
      ...detail,
      gym: { ...detail.gym, title: 'Łódź 💪 Gym' },
      lines: Array.from({ length: 80 }, (_, i) => ({ ...detail.lines[0]!, description: `Line ${i} 💪` })),
    };
    const pdf = await PDFDocument.load(await renderInvoicePdf(many));
    expect(pdf.getPageCount()).toBeGreaterThan(1);
  });

  it('sends the invoice again to the athlete with its PDF attached, through the outbox', async () => {
    const inv = await invoice(w.gym.id, null, 1500, { guestName: 'No Email' });
    const athlete = await t.make.athlete(w.gym.id, { email: `inv-${randomUUID()}@test.example.com` });
    const own = await invoice(w.gym.id, athlete.athleteId, 1500);
    // A guest without an email: nothing to send.
    const none = await books.post(`/api/invoices/${inv.invoiceId}/send/`);
    expect([none.statusCode, none.json().code]).toEqual([409, 'no_email']);
    const before = t.mail.length;
    expect((await books.post(`/api/invoices/${own.invoiceId}/send/`)).statusCode).toBe(200);
    expect((await books.post(`/api/invoices/${own.invoiceId}/send/`)).statusCode).toBe(200);
    await t.drainJobs();
    const sent = t.mail.slice(before).filter((m) => m.to === athlete.email);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ to: athlete.email, subject: `Your invoice INV-${String(own.number).padStart(6, '0')} from ${w.gym.title}` });
    expect(sent[0]!.text).toContain(`/invoices/${own.invoiceId}`);
    const file = sent[0]!.attachments![0]!;
    expect(file).toMatchObject({ filename: `invoice-INV-${String(own.number).padStart(6, '0')}.pdf`, contentType: 'application/pdf' });
    expect(file.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a manual payment queues a receipt (once per payment) with the PDF', async () => {
    const athlete = await t.make.athlete(w.gym.id, { email: `rcpt-${randomUUID()}@test.example.com` });
    const inv = await invoice(w.gym.id, athlete.athleteId, 1000, { taxRateValue: null });
    const k = key();
    await pay(books, inv.invoiceId, 1000, { idempotencyKey: k });
    await pay(books, inv.invoiceId, 1000, { idempotencyKey: k });
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, athlete.email!));
    expect(rows.map((r) => [r.kind, r.attachments])).toEqual([['payment_receipt', [{ kind: 'invoice_pdf', invoiceId: inv.invoiceId }]]]);
  });
});

describe("the athlete page's Invoices tab and the athlete's own invoices", () => {
  it('staff with AthleteView list an athlete’s invoices; an athlete sees only their own', async () => {
    const a = await t.make.athlete(w.gym.id);
    const b = await t.make.athlete(w.gym.id);
    const mine = await invoice(w.gym.id, a.athleteId, 1000);
    const theirs = await invoice(w.gym.id, b.athleteId, 2000);
    const tab = await (await t.as(w.staff)).get(`/api/athletes/${a.athleteId}/invoices/`);
    expect(tab.statusCode).toBe(200);
    expect(tab.json<InvoicePage>().results.map((r) => r.invoiceId)).toEqual([mine.invoiceId]);
    expect((await ukOwner.get(`/api/athletes/${a.athleteId}/invoices/`)).statusCode).toBe(404);

    const me = await t.as({ userId: a.userId!, profileId: a.profileId });
    const list = (await me.get('/api/me/invoices/')).json<InvoicePage>();
    expect(list.results.map((r) => r.invoiceId)).toEqual([mine.invoiceId]);
    // The list takes no athlete filter: another athlete's id changes nothing.
    expect((await me.get(`/api/me/invoices/?athleteId=${b.athleteId}`)).json<InvoicePage>().results.map((r) => r.invoiceId)).toEqual([mine.invoiceId]);
    expect((await me.get('/api/me/invoices/?status=paid')).json<InvoicePage>().count).toBe(0);
    expect((await me.get(`/api/me/invoices/${mine.invoiceId}/`)).json<InvoiceDetail>()).toMatchObject({ invoiceId: mine.invoiceId, totalMinor: 1083 });
    expect((await me.get(`/api/me/invoices/${theirs.invoiceId}/`)).statusCode).toBe(404);
    expect((await me.get(`/api/me/invoices/${theirs.invoiceId}/pdf`)).statusCode).toBe(404);
    const pdf = await me.get(`/api/me/invoices/${mine.invoiceId}/pdf`);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((await me.get(`/api/invoices/${mine.invoiceId}/`)).statusCode).toBe(403);
  });
});

describe('refunding a card payment through the provider', () => {
  it('refunds through the provider first (with the key), records the provider refund once, and records nothing when the provider refuses', async () => {
    const calls: { accountId: string; providerPaymentId: string; amountMinor: number; idempotencyKey: string }[] = [];
    let refuse = false;
    const double = {
      refund: async (input: (typeof calls)[number]) => {
        if (refuse) throw new Error('Charge has already been refunded.');
        calls.push(input);
        return { providerId: `re_${calls.length}_${randomUUID().slice(0, 8)}` };
      },
    } as unknown as NonNullable<TestApp['app']['paymentProvider']>;
    const app = t.app as unknown as { paymentProvider: typeof double | null };
    const before = app.paymentProvider;
    app.paymentProvider = double;
    try {
      const gym = await t.make.kioskGym({ athletes: 1 });
      const desk = await t.as(gym.owner);
      await t.db.insert(paymentAccounts).values({ gymId: gym.gym.id, providerAccountId: `acct_${randomUUID().slice(0, 12)}`, chargesEnabled: true });
      const inv = await invoice(gym.gym.id, gym.members[0]!.athleteId, 3000, { taxRateValue: null });
      const providerPaymentId = `pi_${randomUUID()}`;
      const [p] = await t.db
        .insert(payments)
        .values({
          gymId: gym.gym.id,
          invoiceId: inv.invoiceId,
          kind: 'payment',
          channel: 'card',
          status: 'succeeded',
          amountMinor: 3000,
          providerId: providerPaymentId,
        })
        .returning();
      await t.db.update(invoices).set({ paymentsMinor: 3000, status: 'paid' }).where(eq(invoices.id, inv.invoiceId));
      const k = key();
      const body = { paymentId: p!.id, amountMinor: 1000, reason: 'Double booked', idempotencyKey: k };
      const first = await desk.post(`/api/invoices/${inv.invoiceId}/refunds/`, body);
      expect(first.statusCode).toBe(201);
      expect(first.json<InvoiceDetail>()).toMatchObject({ status: 'partially_refunded', paidMinor: 2000 });
      expect(calls).toEqual([
        { accountId: expect.stringMatching(/^acct_/), providerPaymentId, amountMinor: 1000, idempotencyKey: `spotter:${gym.gym.id}:${k}` },
      ]);
      const refundRow = (await t.db.select().from(payments).where(eq(payments.refundOfPaymentId, p!.id)))[0]!;
      expect(refundRow.providerId).toMatch(/^re_1_/);
      // The same request again: answered from the first, the provider not asked twice.
      expect((await desk.post(`/api/invoices/${inv.invoiceId}/refunds/`, body)).statusCode).toBe(200);
      expect(calls).toHaveLength(1);
      // More than the payment holds is refused before the provider is asked.
      const over = await desk.post(`/api/invoices/${inv.invoiceId}/refunds/`, { ...body, amountMinor: 2001, idempotencyKey: key() });
      expect([over.statusCode, over.json().code]).toEqual([409, 'amount_too_large']);
      expect(calls).toHaveLength(1);
      // The provider refuses: a clear 409, nothing recorded.
      refuse = true;
      const refused = await desk.post(`/api/invoices/${inv.invoiceId}/refunds/`, { ...body, amountMinor: 500, idempotencyKey: key() });
      expect([refused.statusCode, refused.json().code]).toEqual([409, 'refund_failed']);
      expect(refused.json().message).toContain('Charge has already been refunded.');
      expect(await t.db.select().from(payments).where(eq(payments.refundOfPaymentId, p!.id))).toHaveLength(1);
    } finally {
      app.paymentProvider = before;
    }
  });
});
