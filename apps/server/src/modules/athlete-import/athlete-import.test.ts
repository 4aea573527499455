import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { guessMapping, type ImportMapping } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { multipart } from '../../../test/fixtures';
import { athleteImportRows, athleteImports, athleteTags, athletes, auditLog, tags } from '../../db/schema';
import { importPace, purgeFinishedImportRows, runImport } from './athlete-import.service';

fixClock(TEST_NOW);
let t: TestApp;
let gym: { id: string };
let owner: Awaited<ReturnType<TestApp['make']['owner']>>;
let staff: Awaited<ReturnType<TestApp['make']['staff']>>;
beforeAll(async () => {
  t = await createTestApp();
  gym = await t.make.gym({ country: 'US', timeZone: 'America/Chicago' });
  owner = await t.make.owner(gym.id, { firstName: 'Olive', lastName: 'Owner' });
  staff = await t.make.staff(gym.id, { permissions: ['AthleteView'] });
  await t.make.athlete(gym.id, { email: 'existing@example.com', firstName: 'Erin', lastName: 'Existing' });
  const pat = await t.make.athlete(gym.id, { email: 'pat@old.example.com', firstName: 'Pat', lastName: 'Kelly' });
  await t.db.update(athletes).set({ dob: '1970-01-01' }).where(eq(athletes.id, pat.athleteId));
});
afterAll(async () => {
  await t.close();
});

const MINDBODY_HEADER =
  'Client ID,Last Name,First Name,Email,Mobile Phone,Home Phone,Address Line 1,Address Line 2,City,State,Postal Code,Country,Birth Date,Gender,Emergency Contact Info Name,Emergency Contact Info Phone,Notes,Tags';

/**
 * A Mindbody-like client export as it reaches us: a byte-order mark, CRLF line ends, commas and a line break inside
 * quoted cells, escaped quotes, blank lines, a repeated client and bad cells. Row numbers are the spreadsheet's.
 */
const MESSY_LINES = [
  MINDBODY_HEADER, // row 1
  '1001,Doe,Jane,Jane.Doe@Example.com,(312) 555-0101,,"12 Main St, Apt 4",,Chicago,IL,60601,USA,03/15/1990,F,John Doe,312-555-0102,"Asthma, uses inhaler","Morning Crew; Barbell"', // 2
  '1002,Smith,John,john.smith@example.com,312-555-0103,,45 Oak Ave,"Unit ""B""",Evanston,Illinois,60201-1234,United States,1985-07-04,Male,,,"Knee surgery 2019\r\nleft knee",Barbell', // 3
  '', // 4: blank
  '1003,Lopez,Maria,maria@example,312-555-0104,,,,,,,,,,,,,', // 5: bad email
  '1004,Nguyen,An,an.nguyen@example.com,call me,,,,,,,,,,,,,', // 6: bad phone
  '1005,Brown,Chris,chris.brown@example.com,312-555-0106,,1 Elm St,,Austin,TX,ABCDE,US,,,,,,', // 7: bad zip
  '1006,Wilson,Sam,sam.wilson@example.com,,,,,,,,,13/45/1990,,,,,', // 8: bad date of birth
  '1007,DOE,JANE,JANE.DOE@example.com,,,,,,,,,,,,,,', // 9: the same email as row 2
  '1008,Taylor,Alex,,,,,,,,,,02/29/2000,Non-binary,,,,', // 10: no email
  '1009,Garcia,Luis,luis.garcia@example.com,+1 312 555 0109,,,,,,,,,m,,,,', // 11
  '1010,Future,Kid,kid@example.com,,,,,,,,,12/31/2030,,,,,', // 12: born in the future
  '1011,Existing,Erin,EXISTING@example.com,,,,,,,,,,,,,,', // 13: an athlete of the gym already (email)
  '1012,Kelly,Pat,pat@new.example.com,,,,,,,,,01/01/1970,,,,,', // 14: an athlete already (name and date of birth)
  '1013,Taylor,Alex,,,,,,,,,,2000-02-29,,,,,', // 15: the same name and birthday as row 10
  '1014,Park,,park@example.com,,,,,,,,,,,,,,', // 16: no first name
  '1015,Bot,Robo,robo@example.com,,,,,,,,,,Robot,,,,', // 17: unknown gender
  '1016,Tremblay,Luc,luc@example.ca,416-555-0199,,1 King St W,,Toronto,ON,M5V 2T6,Canada,,,,,,Kids', // 18: a Canadian address
  '', // 19: blank
  '', // 20: blank (the file's last line end)
];
const MESSY_CSV = Buffer.from(`\uFEFF${MESSY_LINES.join('\r\n')}`, 'utf8');

const upload = (c: ApiClient, file: Buffer, name = 'mindbody-clients.csv') => {
  const { body, contentType } = multipart('file', name, 'text/csv', file);
  return c.request('POST', '/api/athlete-imports/', body, { headers: { 'content-type': contentType } });
};

async function uploaded(c: ApiClient, file: Buffer, name?: string): Promise<{ importId: string; mapping: ImportMapping; headers: string[] }> {
  const res = await upload(c, file, name);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const importedCount = async () =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(athletes)
      .where(eq(athletes.gymId, gym.id))
  )[0]!.n;

const EXPECTED_ERRORS = [
  { row: 5, messages: ['Email: Please provide a valid email.'] },
  { row: 6, messages: ['Phone: Please provide a valid phone number.'] },
  { row: 7, messages: ['Zip / postcode: Please provide a valid 5-digit ZIP code.'] },
  { row: 8, messages: ['Date of birth: “13/45/1990” is not a date (expected MM/DD/YYYY or YYYY-MM-DD).'] },
  { row: 12, messages: ['Date of birth: Date of birth cannot be in the future.'] },
  { row: 16, messages: ['First name: Name field is required.'] },
  { row: 17, messages: ['Gender: “Robot” is not one of: Male, Female, Transgender, Non-binary/Non-conforming, Prefer not to respond.'] },
];

describe('athlete import', () => {
  it('reads a messy Mindbody export: headers, guessed mapping and row count', async () => {
    const c = await t.as(owner);
    const res = await upload(c, MESSY_CSV);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.headers).toEqual(MINDBODY_HEADER.split(','));
    expect(body.totalRows).toBe(16);
    expect(body.status).toBe('uploaded');
    expect(body.mapping).toEqual({
      columns: [
        null,
        'lastName',
        'firstName',
        'email',
        'phone',
        null,
        'addressLine1',
        'addressLine2',
        'city',
        'region',
        'zipCode',
        'country',
        'dob',
        'gender',
        'emergencyName',
        'emergencyPhone',
        null,
        'tags',
      ],
      dateOrder: 'MDY',
    });
    expect(body.sampleRows[0][6]).toBe('12 Main St, Apt 4');
    expect(body.sampleRows[1][7]).toBe('Unit "B"');
    expect(body.sampleRows[1][16]).toBe('Knee surgery 2019\r\nleft knee');
  });

  it('previews the first rows and dry-runs the whole file, writing nothing', async () => {
    const c = await t.as(staff);
    const { importId, mapping } = await uploaded(c, MESSY_CSV);
    const before = await importedCount();

    const preview = await c.post(`/api/athlete-imports/${importId}/preview/`, { mapping, limit: 5 });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    expect(p.rows.map((r: { row: number; outcome: string }) => [r.row, r.outcome])).toEqual([
      [2, 'new'],
      [3, 'new'],
      [5, 'invalid'],
      [6, 'invalid'],
      [7, 'invalid'],
    ]);
    expect(p.rows[0]).toMatchObject({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'Jane.Doe@Example.com',
      dob: '1990-03-15',
      gender: 'Female',
      address: '12 Main St, Apt 4, Chicago, Illinois, 60601, US',
      tags: ['Morning Crew', 'Barbell'],
    });
    expect(p.rows[1].address).toBe('45 Oak Ave, Unit "B", Evanston, Illinois, 60201, US');

    const dry = await c.post(`/api/athlete-imports/${importId}/dry-run/`, { mapping });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({ totalRows: 16, toCreate: 5, existing: 2, duplicates: 2, invalid: 7, errors: EXPECTED_ERRORS });
    expect(await importedCount()).toBe(before);

    const full = await c.post(`/api/athlete-imports/${importId}/preview/`, { mapping, limit: 100 });
    const why = Object.fromEntries(full.json().rows.map((r: { row: number; messages: string[] }) => [r.row, r.messages]));
    expect(why[9]).toEqual(['Same person as row 2 (same email).']);
    expect(why[13]).toEqual(['Already an athlete: Erin Existing (same email).']);
    expect(why[14]).toEqual(['Already an athlete: Pat Kelly (same name and date of birth).']);
    expect(why[15]).toEqual(['Same person as row 10 (same name and date of birth).']);
  });

  it('imports in a job: valid rows created with their tags, invalid ones reported, and one audit row', async () => {
    const c = await t.as(owner);
    const { importId, mapping } = await uploaded(c, MESSY_CSV);
    const before = await importedCount();
    const start = await c.post(`/api/athlete-imports/${importId}/start/`, { mapping });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().status).toBe('queued');
    expect((await c.post(`/api/athlete-imports/${importId}/start/`, { mapping })).statusCode).toBe(409);
    await t.drainJobs();

    const progress = (await c.get(`/api/athlete-imports/${importId}/`)).json();
    expect(progress).toMatchObject({
      status: 'done',
      totalRows: 16,
      processedRows: 16,
      createdCount: 5,
      existingCount: 2,
      duplicateCount: 2,
      errorCount: 7,
      errors: EXPECTED_ERRORS,
    });
    expect(progress.finishedAt).not.toBeNull();
    expect(await importedCount()).toBe(before + 5);

    const [jane] = await t.db
      .select()
      .from(athletes)
      .where(and(eq(athletes.gymId, gym.id), eq(athletes.email, 'jane.doe@example.com')));
    expect(jane).toMatchObject({
      firstName: 'Jane',
      lastName: 'Doe',
      phone: '13125550101',
      dob: '1990-03-15',
      gender: 'Female',
      addressLines: ['12 Main St, Apt 4'],
      locality: 'Chicago',
      region: 'Illinois',
      zipCode: '60601',
      addressCountry: 'US',
      emergencyName: 'John Doe',
      emergencyPhone: '13125550102',
      source: 'import:mindbody-clients.csv',
    });
    const [luc] = await t.db.select().from(athletes).where(eq(athletes.email, 'luc@example.ca'));
    expect(luc).toMatchObject({ region: 'Ontario', zipCode: 'M5V 2T6', addressCountry: 'CA' });
    const janeTags = await t.db
      .select({ name: tags.name })
      .from(athleteTags)
      .innerJoin(tags, eq(tags.id, athleteTags.tagId))
      .where(eq(athleteTags.athleteId, jane!.id));
    expect(janeTags.map((r) => r.name).sort()).toEqual(['Barbell', 'Morning Crew']);
    expect((await t.db.select().from(tags).where(eq(tags.gymId, gym.id))).map((r) => r.name).sort()).toEqual(['Barbell', 'Kids', 'Morning Crew']);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'import'), eq(auditLog.entityId, importId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'import.completed', actorName: 'Olive Owner', changes: { created: 5, existing: 2, duplicates: 2, invalid: 7 } });
    const created = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.gymId, gym.id), eq(auditLog.action, 'athlete.created')));
    expect(created).toHaveLength(5);

    const skipped = await c.get(`/api/athlete-imports/${importId}/skipped/`);
    expect(skipped.statusCode).toBe(200);
    expect(skipped.headers['content-disposition']).toBe('attachment; filename="mindbody-clients-skipped-rows.csv"');
    const lines = skipped.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(`Row,Problems,${MINDBODY_HEADER}`);
    expect(lines[1]).toBe('5,Email: Please provide a valid email.,1003,Lopez,Maria,maria@example,312-555-0104,,,,,,,,,,,,,');
    expect(lines).toHaveLength(8);
  });

  it('re-importing the same file creates nothing new', async () => {
    const c = await t.as(owner);
    const before = await importedCount();
    const { importId, mapping } = await uploaded(c, MESSY_CSV);
    const dry = (await c.post(`/api/athlete-imports/${importId}/dry-run/`, { mapping })).json();
    expect(dry).toMatchObject({ toCreate: 0, existing: 7, duplicates: 2, invalid: 7 });
    await c.post(`/api/athlete-imports/${importId}/start/`, { mapping });
    await t.drainJobs();
    expect((await c.get(`/api/athlete-imports/${importId}/`)).json()).toMatchObject({ status: 'done', createdCount: 0, existingCount: 7 });
    expect(await importedCount()).toBe(before);
  });

  it('resumes after the last committed batch when a batch fails, creating no duplicates', async () => {
    const c = await t.as(owner);
    const lines = ['First Name,Last Name,Email', ...Array.from({ length: 1200 }, (_, i) => `Resume${i},Tester,resume${i}@example.com`)];
    const { importId, mapping } = await uploaded(c, Buffer.from(lines.join('\n')), 'resume.csv');
    const before = await importedCount();
    await c.post(`/api/athlete-imports/${importId}/start/`, { mapping });
    // The second batch's write of athletes fails (a crash mid-import): the first batch stays, the second leaves nothing.
    const batch = importPace.batchSize;
    const crashing = `Resume${batch + Math.floor(batch / 2)}`;
    await t.db.execute(
      sql.raw(`create function fail_on_resume() returns trigger language plpgsql as $$
      begin if new.first_name = '${crashing}' then raise exception 'crash'; end if; return new; end $$`),
    );
    await t.db.execute(sql`create trigger fail_on_resume before insert on athletes for each row execute function fail_on_resume()`);
    try {
      await expect(t.drainJobs()).rejects.toThrow();
    } finally {
      await t.db.execute(sql`drop trigger fail_on_resume on athletes`);
      await t.db.execute(sql`drop function fail_on_resume()`);
    }
    expect((await c.get(`/api/athlete-imports/${importId}/`)).json()).toMatchObject({ status: 'running', processedRows: batch, createdCount: batch });
    expect(await importedCount()).toBe(before + batch);
    // The job's retry, and the same job run once more, go on from there.
    await t.drainJobs();
    await runImport({ db: t.db, changes: t.app.changes }, importId);
    expect(await importedCount()).toBe(before + 1200);
    expect((await c.get(`/api/athlete-imports/${importId}/`)).json()).toMatchObject({
      status: 'done',
      processedRows: 1200,
      createdCount: 1200,
      existingCount: 0,
    });
  });

  it('refuses what is not a usable CSV or mapping', async () => {
    const c = await t.as(owner);
    expect((await upload(c, Buffer.from('First Name,Last Name\r\n\r\n'))).json()).toMatchObject({ code: 'no_rows' });
    expect((await upload(c, Buffer.from('a,b\r\n"unclosed,1\r\n'))).json()).toMatchObject({ code: 'bad_csv' });
    expect((await upload(c, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).json()).toMatchObject({ code: 'not_csv' });
    const tooMany = ['First Name,Last Name', ...Array.from({ length: 20_001 }, (_, i) => `A${i},B`)].join('\n');
    expect((await upload(c, Buffer.from(tooMany))).json()).toMatchObject({ code: 'too_many_rows' });
    const big = await upload(c, Buffer.alloc(10 * 1024 * 1024 + 10, 'a'));
    expect(big.statusCode).toBe(413);
    const json = await c.post('/api/athlete-imports/', {});
    expect(json.statusCode).toBe(415);

    const { importId } = await uploaded(c, Buffer.from('Name;E-mail;Geburtstag\nAnna Berg;anna@example.com;1990-01-01\n'));
    const noNames = await c.post(`/api/athlete-imports/${importId}/preview/`, { mapping: { columns: [null, 'email', null], dateOrder: 'MDY' } });
    expect(noNames.statusCode).toBe(400);
    expect(noNames.json().message).toBe('Map the first and last name columns, or a full name column.');
    const wrongLength = await c.post(`/api/athlete-imports/${importId}/dry-run/`, { mapping: { columns: ['fullName'], dateOrder: 'MDY' } });
    expect(wrongLength.statusCode).toBe(400);
  });

  it('reads Windows-1252 text and semicolon-separated files', async () => {
    const c = await t.as(owner);
    const latin1 = Buffer.concat([
      Buffer.from('First Name;Last Name\r\nJos'),
      Buffer.from([0xe9]),
      Buffer.from(';M'),
      Buffer.from([0xfc]),
      Buffer.from('ller\r\n'),
    ]);
    const { importId, mapping } = await uploaded(c, latin1);
    const res = await c.post(`/api/athlete-imports/${importId}/preview/`, { mapping });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows;
    expect(rows[0]).toMatchObject({ firstName: 'José', lastName: 'Müller', outcome: 'new' });
  });

  it("keeps each gym's imports to itself and needs AthleteView", async () => {
    const c = await t.as(owner);
    const { importId, mapping } = await uploaded(c, MESSY_CSV);
    const otherGym = await t.make.gym({ country: 'GB', timeZone: 'Europe/London' });
    const otherOwner = await t.as(await t.make.owner(otherGym.id));
    const before = await importedCount();
    expect((await otherOwner.get(`/api/athlete-imports/${importId}/`)).statusCode).toBe(404);
    expect((await otherOwner.post(`/api/athlete-imports/${importId}/preview/`, { mapping })).statusCode).toBe(404);
    expect((await otherOwner.post(`/api/athlete-imports/${importId}/dry-run/`, { mapping })).statusCode).toBe(404);
    expect((await otherOwner.post(`/api/athlete-imports/${importId}/start/`, { mapping })).statusCode).toBe(404);
    expect((await otherOwner.get(`/api/athlete-imports/${importId}/skipped/`)).statusCode).toBe(404);
    await t.drainJobs();
    expect(await importedCount()).toBe(before);
    expect((await c.get(`/api/athlete-imports/${importId}/`)).json().status).toBe('uploaded');

    const kioskOnly = await t.as(await t.make.staff(gym.id, { permissions: ['Kiosk'] }));
    expect((await kioskOnly.get(`/api/athlete-imports/${importId}/`)).statusCode).toBe(403);
    expect((await upload(kioskOnly, MESSY_CSV)).statusCode).toBe(403);
    expect((await kioskOnly.post(`/api/athlete-imports/${importId}/start/`, { mapping })).statusCode).toBe(403);
    const athlete = await t.make.athlete(gym.id);
    const asAthlete = await t.as({ userId: athlete.userId!, profileId: athlete.profileId });
    expect((await asAthlete.get(`/api/athlete-imports/${importId}/`)).statusCode).toBe(403);
  });

  it('imports 5,000 rows in seconds', async () => {
    const c = await t.as(owner);
    const header = 'First Name,Last Name,Email,Mobile Phone,Birth Date,Gender,Address Line 1,City,State,Postal Code,Tags';
    const rows = Array.from(
      { length: 5000 },
      (_, i) =>
        `Bulk${i},"Member, ${i % 97}",bulk${i}@example.com,(312) 555-${String(i % 10000).padStart(4, '0')},${(i % 12) + 1}/${(i % 28) + 1}/19${50 + (i % 50)},${i % 2 ? 'M' : 'F'},${i} Main St,Chicago,IL,606${String(i % 100).padStart(2, '0')},Group ${i % 5}`,
    );
    const file = Buffer.from([header, ...rows].join('\r\n'));
    const started = performance.now();
    const { importId, mapping } = await uploaded(c, file, 'bulk.csv');
    const afterUpload = performance.now();
    await c.post(`/api/athlete-imports/${importId}/start/`, { mapping });
    await t.drainJobs();
    const done = performance.now();
    const progress = (await c.get(`/api/athlete-imports/${importId}/`)).json();
    expect(progress).toMatchObject({ status: 'done', createdCount: 5000, errorCount: 0 });
    console.warn(
      `5,000-row import (${t.kind}): upload ${Math.round(afterUpload - started)} ms, import ${Math.round(done - afterUpload)} ms, total ${Math.round(done - started)} ms`,
    );
  }, 120_000);
});

describe('guessed mapping of the three products (through the upload)', () => {
  it.each([
    ['Mindbody', MINDBODY_HEADER],
    ['PushPress', 'first_name,last_name,email,phone,birthday,gender,address_1,city,state,postal_code,country'],
    ['Wodify', 'First Name,Last Name,Email,Gender,Date of Birth,Client Status,Phone,Address,City,State,Zip Code,Country'],
  ])('%s', async (_name, header) => {
    const c = await t.as(owner);
    const body = await uploaded(c, Buffer.from(`${header}\r\nA,B,a@example.com\r\n`));
    const expected = guessMapping(header.split(','), 'US');
    expect(body.mapping).toEqual(expected);
    for (const f of ['firstName', 'lastName', 'email', 'phone', 'dob', 'gender', 'addressLine1', 'city', 'region', 'zipCode', 'country']) {
      expect(body.mapping.columns).toContain(f);
    }
  });
});

describe('purging the uploaded rows of old imports (issue 17)', () => {
  it('the daily job deletes the rows of imports finished over 30 days ago, keeping the import, newer ones and unfinished ones', async () => {
    const c = await t.as(owner);
    const day = 86_400_000;
    const make = async (status: string, finishedDaysAgo: number | null) => {
      const { importId } = await uploaded(c, Buffer.from(`${MINDBODY_HEADER}\r\n1,Purge,Pat,,,,,,,,,,,,,,,\r\n`, 'utf8'), `purge-${status}.csv`);
      const finishedAt = finishedDaysAgo === null ? null : new Date(Date.now() - finishedDaysAgo * day);
      await t.db.update(athleteImports).set({ status, finishedAt }).where(eq(athleteImports.id, importId));
      return importId;
    };
    const oldDone = await make('done', 31);
    const oldFailed = await make('failed', 45);
    const recent = await make('done', 29);
    const waiting = await make('uploaded', null);
    const rowsOf = async (id: string) => (await t.db.select().from(athleteImportRows).where(eq(athleteImportRows.importId, id))).length;
    expect(await Promise.all([oldDone, oldFailed, recent, waiting].map(rowsOf))).toEqual([1, 1, 1, 1]);

    await t.app.jobs.enqueue(t.db, 'athletes.import-rows.purge', {});
    expect(await t.drainJobs()).toBeGreaterThanOrEqual(1);
    expect(await Promise.all([oldDone, oldFailed, recent, waiting].map(rowsOf))).toEqual([0, 0, 1, 1]);
    // The import and its summary stay; its skipped-rows CSV still answers, with the problems and without the cells.
    const [kept] = await t.db.select().from(athleteImports).where(eq(athleteImports.id, oldDone));
    expect(kept).toMatchObject({ status: 'done', totalRows: 1 });
    expect((await c.get(`/api/athlete-imports/${oldDone}/skipped/`)).statusCode).toBe(200);
  });
});

describe('an import gives way to other requests (issue 32)', () => {
  /** `rows` valid members, one a line. */
  const bigCsv = (rows: number, tag: string) =>
    Buffer.from(['First Name,Last Name,Email', ...Array.from({ length: rows }, (_, i) => `Pace${i},${tag},pace${i}.${tag}@example.com`)].join('\n'));
  const storedRows = async () =>
    (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(athleteImportRows)
        .where(eq(athleteImportRows.gymId, gym.id))
    )[0]!.n;

  it('stores an upload in chunks, each committed on its own, with a turn of the event loop between them', async () => {
    const c = await t.as(owner);
    const before = await storedRows();
    // At each pause, a query of its own: it would wait for ever if a transaction were held across the pause (PGlite
    // runs one at a time; on PostgreSQL an open transaction's rows are not seen). It sees each chunk committed.
    const seen: number[] = [];
    const pause = vi.spyOn(importPace, 'pause').mockImplementation(async () => void seen.push((await storedRows()) - before));
    try {
      const rows = 2 * importPace.uploadChunk + 7;
      const { importId } = await uploaded(c, bigCsv(rows, 'Upload'));
      expect(seen.filter((n) => n > 0)).toEqual([importPace.uploadChunk, 2 * importPace.uploadChunk, rows]);
      expect((await storedRows()) - before).toBe(rows);
      expect((await c.get(`/api/athlete-imports/${importId}/`)).json()).toMatchObject({ status: 'uploaded', totalRows: rows });
    } finally {
      pause.mockRestore();
    }
  });

  it('keeps an upload that is still being stored out of reach, and purges one a crash cut short a day later', async () => {
    const c = await t.as(owner);
    const receiving = (createdAt: Date) =>
      t.db
        .insert(athleteImports)
        .values({
          gymId: gym.id,
          fileName: 'cut-short.csv',
          status: 'receiving',
          headers: ['First Name'],
          mapping: { columns: ['firstName'], dateOrder: 'MDY' },
          totalRows: 10,
          createdByName: 'Olive Owner',
          createdAt,
        })
        .returning()
        .then((r) => r[0]!);
    const stale = await receiving(new Date(Date.now() - 25 * 3600_000));
    const fresh = await receiving(new Date());
    await t.db.insert(athleteImportRows).values({ importId: stale.id, gymId: gym.id, rowNumber: 2, cells: ['Ann'] });
    expect((await c.get(`/api/athlete-imports/${fresh.id}/`)).statusCode).toBe(404);
    expect((await c.post(`/api/athlete-imports/${fresh.id}/start/`, { mapping: { columns: ['firstName'], dateOrder: 'MDY' } })).statusCode).toBe(404);
    await purgeFinishedImportRows(t.db);
    const left = await t.db.select({ id: athleteImports.id }).from(athleteImports).where(eq(athleteImports.status, 'receiving'));
    expect(left.map((r) => r.id)).toEqual([fresh.id]);
    expect(await t.db.select().from(athleteImportRows).where(eq(athleteImportRows.importId, stale.id))).toEqual([]);
    await t.db.delete(athleteImports).where(eq(athleteImports.id, fresh.id));
  });

  it('runs the import in batches, each committed on its own, giving way between them and while it reads and checks the file', async () => {
    const c = await t.as(owner);
    const rows = 2 * importPace.batchSize + 3;
    const { importId, mapping } = await uploaded(c, bigCsv(rows, 'Batch'));
    expect((await c.post(`/api/athlete-imports/${importId}/start/`, { mapping })).statusCode).toBe(200);
    const processed = async () => (await t.db.select({ n: athleteImports.processedRows }).from(athleteImports).where(eq(athleteImports.id, importId)))[0]!.n;
    const seen: number[] = [];
    const pause = vi.spyOn(importPace, 'pause').mockImplementation(async () => void seen.push(await processed()));
    try {
      await runImport({ db: t.db, changes: t.app.changes }, importId);
    } finally {
      pause.mockRestore();
    }
    // Turns while the rows are read and checked (before any batch), then one before each batch after the first.
    expect(seen.filter((n) => n === 0).length).toBeGreaterThanOrEqual(Math.ceil(rows / importPace.evaluateChunk));
    expect([...new Set(seen)]).toEqual([0, importPace.batchSize, 2 * importPace.batchSize]);
    expect(await processed()).toBe(rows);
  });
});
