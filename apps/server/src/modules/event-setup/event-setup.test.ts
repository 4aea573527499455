import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { classTypePageSchema, eventSetupOptionsSchema, gymLocationPageSchema } from '@spotter/shared';
import * as s from '../../db/schema';
import { safeFileName, toCsv } from '../../lib/csv';
import { TEST_NOW, createTestApp, fixClock, type TestApp } from '../../../test/helper';
import { seedEventSetup } from './event-setup.seed';

fixClock(TEST_NOW);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/event-setup/options/', () => {
  it("answers the gym's active tax rates and its coaches by name, to any staff member", async () => {
    const w = await t.make.kioskGym({ athletes: 0 });
    await t.make.taxRate(w.gym.id, { name: 'Old Rate', isActive: false });
    await t.make.taxRate(w.gym.id, { name: 'Athletic Wear', percent: '5.0000' });
    const desk = await t.make.staff(w.gym.id, { firstName: 'Zed', lastName: 'Desk', permissions: [] });
    await t.db.update(s.staff).set({ isCoach: false }).where(eq(s.staff.id, desk.staffId));
    await t.make.staff((await t.make.gym()).id, { firstName: 'Other', lastName: 'Gym' });
    const res = await (await t.as(desk)).get('/api/event-setup/options/');
    expect(res.statusCode).toBe(200);
    const options = eventSetupOptionsSchema.parse(res.json());
    expect(options.taxRates.map((r) => [r.name, r.percent])).toEqual([
      ['Athletic Wear', '5'],
      ['Sales Tax', '8.25'],
    ]);
    // kioskGym's staff and owner are coaches (the factory's default); the front desk is not.
    expect(options.coaches).toHaveLength(2);
    expect(options.coaches.map((c) => c.fullName)).not.toContain('Zed Desk');
    expect(options.coaches.map((c) => c.fullName)).not.toContain('Other Gym');
  });
});

describe('seedEventSetup', () => {
  it('adds an archived class type and an archived room to the first location, once', async () => {
    const gym = await t.make.gym();
    const main = await t.make.location(gym.id, { name: 'Main Floor' });
    await t.make.location(gym.id, { name: 'Studio B' });
    await t.make.room(gym.id, main.id, { name: 'The Rig' });
    await t.make.classType(gym.id, { name: 'CrossFit WOD' });
    const owner = await t.make.owner(gym.id);

    await seedEventSetup(t.db, gym.id, new Date());
    await seedEventSetup(t.db, gym.id, new Date());

    const client = await t.as(owner);
    expect(classTypePageSchema.parse((await client.get('/api/class-types/')).json()).results.map((c) => c.name)).toEqual(['CrossFit WOD']);
    const archived = classTypePageSchema.parse((await client.get('/api/class-types/?status=archived')).json()).results;
    expect(archived.map((c) => [c.name, c.isArchived, c.inUse])).toEqual([['Strongman Saturday', true, false]]);
    const locations = gymLocationPageSchema.parse((await client.get('/api/locations/')).json()).results;
    expect(locations.map((l) => [l.name, l.rooms.map((r) => [r.name, r.isArchived])])).toEqual([
      [
        'Main Floor',
        [
          ['Old Rig', true],
          ['The Rig', false],
        ],
      ],
      ['Studio B', []],
    ]);
  });
});

describe('lib/csv', () => {
  it('writes RFC 4180 text and defuses every cell a spreadsheet would run as a formula', () => {
    const text = toCsv(
      ['a', 'b'],
      [
        ['=1+1', '+1'],
        ['-2+3', '@SUM(A1)'],
        ['-2', '-$4.50'],
        ['\tx', 'line\n=2'],
        ['say "hi", ok', null],
        [3, true],
      ],
    );
    expect(text.split('\r\n')[0]).toBe('a,b');
    const rows = Papa.parse<string[]>(text).data;
    expect(rows.slice(1)).toEqual([
      ["'=1+1", "'+1"],
      ["'-2+3", "'@SUM(A1)"],
      // A plain negative number or amount is no formula: kept as shown (issue 21's report CSVs).
      ['-2', '-$4.50'],
      ["'\tx", 'line\n=2'],
      ['say "hi", ok', ''],
      ['3', 'true'],
    ]);
    expect(safeFileName('class types "x"\r\n.csv')).toBe('class-types-x-.csv');
  });
});
