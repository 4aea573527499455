import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { HttpSession, startServer, type ServerProcess } from './support/server-process';

/**
 * Decision 018: two server processes on one PostgreSQL. A write through one ends what the other keeps (its kiosk read
 * and its sessions, both on by default) by the time the writer has answered: the next read on the other shows it.
 * Needs TEST_DATABASE_URL (.ci/run sets it).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const name = `spotter_e2e_two_${process.pid}`;

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  const admin = () => new pg.Client({ connectionString: adminUrl });
  const databaseUrl = () => {
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };

  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.query(`create database "${name}"`);
    await c.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    // The first migrates and seeds; the second starts on the seeded database.
    a = await startServer({ env: { DATABASE_URL: url.toString() } });
    b = await startServer({ env: { DATABASE_URL: url.toString() } });
  }, 180_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  });

  it("shows a check-in through one process on the other's next kiosk read, every time", async () => {
    const desk = new HttpSession(a.url);
    expect((await desk.request('POST', '/api/auth/login/', { email: 'staff@example.com', password: 'Spotter123' })).status).toBe(200);
    const tablet = desk.on(b.url);
    const events = (await (await tablet.request('GET', '/api/events/kiosk-events/?eventType=class')).json()) as {
      results: { eventId: string; attendeeCount: number }[];
    };
    const event = events.results.find((e) => e.attendeeCount > 0)!;
    const path = `/api/events/${event.eventId}/kiosk-event/?eventType=class&limit=100&offset=0`;
    type Detail = { results: { athleteId: string; reservationId: string; isReserved: boolean; isCheckedIn: boolean }[] };
    const athlete = ((await (await tablet.request('GET', path)).json()) as Detail).results.find((x) => x.isReserved)!;
    let checkedIn = athlete.isCheckedIn;
    for (let i = 0; i < 20; i++) {
      // The tablet's read is kept (READ_CACHE_MS) until a change of the gym is heard.
      expect(((await (await tablet.request('GET', path)).json()) as Detail).results.find((x) => x.athleteId === athlete.athleteId)!.isCheckedIn).toBe(
        checkedIn,
      );
      checkedIn = !checkedIn;
      const put = await desk.request('PUT', `/api/athlete-kilo-classes/${athlete.reservationId}/`, { isCheckedIn: checkedIn });
      expect(put.status).toBe(200);
      const next = (await (await tablet.request('GET', path)).json()) as Detail;
      expect(next.results.find((x) => x.athleteId === athlete.athleteId)!.isCheckedIn, `round ${i}`).toBe(checkedIn);
    }
  });

  it("shows a billing run's past-due flag through one process on the other's next kiosk read (issue 33)", async () => {
    const desk = new HttpSession(a.url);
    expect((await desk.request('POST', '/api/auth/login/', { email: 'owner@example.com', password: 'Spotter123' })).status).toBe(200);
    const tablet = desk.on(b.url);
    const events = (await (await tablet.request('GET', '/api/events/kiosk-events/?eventType=class')).json()) as {
      results: { eventId: string; attendeeCount: number }[];
    };
    const event = events.results.find((e) => e.attendeeCount > 0)!;
    const path = `/api/events/${event.eventId}/kiosk-event/?eventType=class&limit=100&offset=0`;
    type Detail = { results: { athleteId: string; hasPastDueBills: boolean }[] };
    const read = async () => ((await (await tablet.request('GET', path)).json()) as Detail).results;
    const athlete = (await read()).find((x) => !x.hasPastDueBills)!;
    expect(athlete, 'an athlete of the class without a past-due bill').toBeDefined();
    // Set-up behind the servers' backs: one of the gym's unpaid invoices becomes the athlete's, open, due three days
    // ago. The athlete has no past-due bill yet, so what the tablet keeps stays true.
    const c = new pg.Client({ connectionString: databaseUrl() });
    await c.connect();
    try {
      const moved = await c.query(
        `update invoices set athlete_id = $1, status = 'open', due_date = current_date - 3
         where id = (select i.id from invoices i join events e on e.gym_id = i.gym_id
                     where e.id = $2 and i.status in ('open', 'partially_paid', 'past_due') and i.total_minor > i.payments_minor - i.refunds_minor
                     order by i.id limit 1)`,
        [athlete.athleteId, event.eventId],
      );
      expect(moved.rowCount).toBe(1);
    } finally {
      await c.end();
    }
    expect((await read()).find((x) => x.athleteId === athlete.athleteId)!.hasPastDueBills).toBe(false);
    // Run billing now on the first process marks it past due; the tablet on the second sees it on its next read.
    const run = await desk.request('POST', '/api/payments/billing-run/');
    expect(run.status).toBe(200);
    expect(((await run.json()) as { overdue: number }).overdue).toBeGreaterThanOrEqual(1);
    expect((await read()).find((x) => x.athleteId === athlete.athleteId)!.hasPastDueBills).toBe(true);
  });

  it('ends on the other process a session that one process logged out', async () => {
    const browser = new HttpSession(a.url);
    expect((await browser.request('POST', '/api/auth/login/', { email: 'owner@example.com', password: 'Spotter123' })).status).toBe(200);
    // A copy of the cookie on the other process: it keeps the session for its reads (SESSION_CACHE_MS)...
    const elsewhere = browser.copyTo(b.url);
    expect((await elsewhere.request('GET', '/api/auth/session/')).status).toBe(200);
    expect((await elsewhere.request('GET', '/api/auth/session/')).status).toBe(200);
    expect((await browser.request('POST', '/api/auth/logout/')).status).toBe(200);
    // ...until the logout is heard, by the time the logout has been answered.
    expect((await elsewhere.request('GET', '/api/auth/session/')).status).toBe(401);
  });
});
