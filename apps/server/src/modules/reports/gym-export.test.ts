import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { gymExportFiles } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, interceptDriverQueries, type TestApp } from '../../../test/helper';
import type { GymRow, StaffMember } from '../../../test/factories';
import { gymExports, payments } from '../../db/schema';
import { failExport, runExport } from './gym-export.service';

const clock = fixClock(TEST_NOW);
let t: TestApp;
let gym: GymRow;
let other: GymRow;
let owner: StaffMember;
let otherOwner: StaffMember;

beforeAll(async () => {
  t = await createTestApp();
  gym = await t.make.gym({ title: 'Iron Temple Barbell', country: 'US', timeZone: 'America/Chicago' });
  other = await t.make.gym({ title: 'Other Gym', country: 'GB', timeZone: 'Europe/London' });
  owner = await t.make.owner(gym.id);
  otherOwner = await t.make.owner(other.id);

  const alex = await t.make.athlete(gym.id, { firstName: 'Alex', lastName: 'Morgan', email: 'alex@example.com' });
  const sam = await t.make.athlete(gym.id, { firstName: 'Sam', lastName: 'Lee', login: false });
  await t.make.athlete(gym.id, { firstName: 'Casey', lastName: 'Quote, "Jr"', login: false });
  await t.make.athlete(other.id, { firstName: 'Olivia', lastName: 'Elsewhere', login: false });

  const held = await t.make.athletePackage(gym.id, alex.athleteId, {
    pkg: { name: '10 Class Pack', kind: 'class_pack', credits: 10 },
    priceMinor: 12000,
    startDate: '2026-02-01',
  });
  const invoice = await t.make.invoice(gym.id, alex.athleteId, {
    number: 1,
    status: 'paid',
    issueDate: '2026-02-01',
    dueDate: '2026-02-01',
    netMinor: 12000,
    totalMinor: 12000,
    paymentsMinor: 12000,
  });
  await t.db.insert(payments).values({
    gymId: gym.id,
    invoiceId: invoice.id,
    athleteId: alex.athleteId,
    kind: 'payment',
    channel: 'cash_or_check',
    status: 'succeeded',
    amountMinor: 12000,
    createdAt: new Date('2026-02-02T03:30:00Z'),
  });
  const event = await t.make.event(gym, { date: '2026-03-02', time: '18:00' });
  await t.make.reserve(event, [alex.athleteId], { isCheckedIn: true, checkedInAt: new Date('2026-03-03T00:01:00Z'), athletePackageId: held.id });
  await t.make.reserve(event, [sam.athleteId]);
  await t.make.document(gym.id, alex.athleteId, { title: 'Liability Waiver' });
});
afterAll(async () => {
  await t.close();
});

const csvOf = (files: Record<string, Uint8Array>, name: string) => {
  const text = strFromU8(files[`${name}.csv`]!).replace(/^\uFEFF/, '');
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
};

describe('whole-gym export', () => {
  let exportId: string;
  let zipFiles: Record<string, Uint8Array>;

  it('an owner starts one: queued, named after the gym and its local date, one at a time (409 while queued)', async () => {
    const c = await t.as(owner);
    expect((await c.get('/api/gym-export/')).json()).toEqual({ latest: null });
    const res = await c.post('/api/gym-export/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      state: 'queued',
      progress: 0,
      fileName: 'spotter-export-iron-temple-barbell-2026-03-04.zip',
      sizeBytes: null,
      finishedAt: null,
    });
    exportId = body.exportId;

    const again = await c.post('/api/gym-export/');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already being prepared/);
  });

  it('a second start while running is refused too (409), and the download is 404 until done', async () => {
    const c = await t.as(owner);
    await t.db.update(gymExports).set({ state: 'running' }).where(eq(gymExports.id, exportId));
    expect((await c.post('/api/gym-export/')).statusCode).toBe(409);
    expect((await c.get(`/api/gym-export/${exportId}/download/`)).statusCode).toBe(404);
    await t.db.update(gymExports).set({ state: 'queued' }).where(eq(gymExports.id, exportId));
  });

  it('the job writes the 11 CSVs into a ZIP; progress reaches 100 and the latest says done with its size', async () => {
    expect(await t.drainJobs()).toBe(1);
    const c = await t.as(owner);
    const latest = (await c.get('/api/gym-export/')).json().latest;
    expect(latest).toMatchObject({ exportId, state: 'done', progress: 100, finishedAt: TEST_NOW });
    expect(latest.sizeBytes).toBeGreaterThan(0);

    const res = await c.get(`/api/gym-export/${exportId}/download/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="spotter-export-iron-temple-barbell-2026-03-04.zip"');
    expect(res.rawPayload.length).toBe(latest.sizeBytes);
    zipFiles = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(zipFiles).sort()).toEqual(gymExportFiles.map((f) => `${f}.csv`).sort());
  });

  it("the athletes CSV holds the gym's athletes (a name with a comma and quotes intact) and none of another gym's", () => {
    const athletesCsv = csvOf(zipFiles, 'athletes');
    expect(athletesCsv.data.map((r) => `${r['first name']} ${r['last name']}`).sort()).toEqual(['Alex Morgan', 'Casey Quote, "Jr"', 'Sam Lee']);
    expect(athletesCsv.data.find((r) => r['first name'] === 'Alex')).toMatchObject({
      email: 'alex@example.com',
      'created (local)': '2026-03-04 14:30',
      'created at (UTC)': '2026-03-04T20:30:00Z',
    });
  });

  it('money is in major units with the currency in the header; dates in the gym zone beside the UTC instant', () => {
    expect(csvOf(zipFiles, 'invoices').data).toEqual([
      expect.objectContaining({
        number: '1',
        athlete: 'Alex Morgan',
        status: 'paid',
        'issue date': '2026-02-01',
        'total (USD)': '120.00',
        'paid (USD)': '120.00',
      }),
    ]);
    // 03:30 UTC on 2 February is the evening of 1 February in Chicago.
    expect(csvOf(zipFiles, 'payments').data).toEqual([
      expect.objectContaining({ 'amount (USD)': '120.00', 'date (local)': '2026-02-01 21:30', 'recorded at (UTC)': '2026-02-02T03:30:00Z' }),
    ]);
    expect(csvOf(zipFiles, 'athlete-packages').data).toEqual([
      expect.objectContaining({ athlete: 'Alex Morgan', package: '10 Class Pack', 'price (USD)': '120.00', 'start date': '2026-02-01' }),
    ]);
    expect(csvOf(zipFiles, 'credit-ledger').data).toEqual([expect.objectContaining({ athlete: 'Alex Morgan', credits: '10', reason: 'grant' })]);
  });

  it('bookings list every reservation, attendance only the check-ins; documents carry metadata only', () => {
    const bookings = csvOf(zipFiles, 'bookings').data;
    expect(bookings.map((r) => [r.athlete, r['date (local)'], r['start time (local)'], r['checked in']]).sort()).toEqual([
      ['Alex Morgan', '2026-03-02', '18:00', 'yes'],
      ['Sam Lee', '2026-03-02', '18:00', 'no'],
    ]);
    expect(csvOf(zipFiles, 'attendance').data.map((r) => r.athlete)).toEqual(['Alex Morgan']);
    const docs = csvOf(zipFiles, 'documents');
    expect(docs.data).toEqual([expect.objectContaining({ athlete: 'Alex Morgan', title: 'Liability Waiver', state: 'unsigned' })]);
    expect(docs.meta.fields?.some((f) => /image|content/i.test(f))).toBe(false);
    expect(csvOf(zipFiles, 'staff').data.map((r) => r.owner)).toEqual(['yes']);
  });

  it('pages of rows (keyset) lose and repeat no row: a page size of 2 writes the same files', async () => {
    await runExport(t.db, exportId, 2);
    const [row] = await t.db.select({ data: gymExports.data }).from(gymExports).where(eq(gymExports.id, exportId));
    const paged = unzipSync(new Uint8Array(row!.data!));
    for (const name of gymExportFiles) expect(csvOf(paged, name).data, name).toEqual(csvOf(zipFiles, name).data);
  });

  it("another gym's owner gets 404 for this export's download, and sees none of it as their latest", async () => {
    const c = await t.as(otherOwner);
    expect((await c.get(`/api/gym-export/${exportId}/download/`)).statusCode).toBe(404);
    expect((await c.get('/api/gym-export/')).json()).toEqual({ latest: null });
  });

  it('staff (even with GymMutate) and athletes are refused (403)', async () => {
    const staff = await t.make.staff(gym.id, { permissions: ['GymMutate', 'BusinessMetricsReportsView'] });
    const athlete = await t.make.athlete(gym.id);
    for (const person of [staff, { userId: athlete.userId!, profileId: athlete.profileId }]) {
      const c = await t.as(person);
      expect((await c.get('/api/gym-export/')).statusCode).toBe(403);
      expect((await c.post('/api/gym-export/')).statusCode).toBe(403);
      expect((await c.get(`/api/gym-export/${exportId}/download/`)).statusCode).toBe(403);
    }
  });

  it('a failure on the last try marks the export failed with the message and frees the gym for a new one', async () => {
    // A minute on: this export's requestedAt is after every earlier test's (PGlite's now() follows the fixed clock),
    // so "the latest" is this one rather than a tie broken by a random id.
    clock.set(new Date(Date.parse(TEST_NOW) + 60_000));
    const c = await t.as(owner);
    const started = (await c.post('/api/gym-export/')).json();
    const restore = interceptDriverQueries(t.db, (text) => (text.includes('"invoice_lines"') ? Promise.reject(new Error('disk full')) : undefined));
    const failure = await runExport(t.db, started.exportId).then(
      () => null,
      (err: unknown) => err,
    );
    restore();
    expect(failure).toBeInstanceOf(Error);
    expect((await c.get('/api/gym-export/')).json().latest).toMatchObject({ state: 'running', step: 'Invoice lines' });
    await failExport(t.db, started.exportId, failure);
    expect((await c.get('/api/gym-export/')).json().latest).toMatchObject({ state: 'failed', step: 'The export failed (disk full). Please try again.' });
    expect((await c.get(`/api/gym-export/${started.exportId}/download/`)).statusCode).toBe(404);
    const next = await c.post('/api/gym-export/');
    expect(next.statusCode).toBe(200);
    await t.drainJobs();
  });
});
