import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema';
import { seed } from '../../db/seed/seed';
import { createTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seed(t.db, new Date('2026-03-04T20:30:00Z'));
}, 120_000);
afterAll(async () => {
  await t.close();
});

const staffByEmail = async (email: string) => {
  const [row] = await t.db
    .select({ staff: s.staff, loginEnabled: s.profiles.loginEnabled, userActive: s.users.isActive })
    .from(s.staff)
    .innerJoin(s.profiles, eq(s.profiles.id, s.staff.profileId))
    .innerJoin(s.users, eq(s.users.id, s.profiles.userId))
    .where(eq(s.staff.email, email));
  return row!;
};

describe('the demo seed’s staff (issue 17)', () => {
  it('keeps the CONTRACT.md staff account as it is, and varies the others', async () => {
    expect((await staffByEmail('staff@example.com')).staff.permissions).toEqual(['Kiosk', 'AthleteView']);
    expect((await staffByEmail('owner@example.com')).staff.isOwner).toBe(true);
    expect((await staffByEmail('coach1.iron@example.com')).staff.permissions).toContain('StaffView');
    expect((await staffByEmail('coach2.iron@example.com')).staff.permissions).toEqual(['Kiosk']);
    expect((await staffByEmail('frontdesk.iron@example.com')).staff.permissions).toEqual(['Kiosk', 'AthleteView']);
    const former = await staffByEmail('former.iron@example.com');
    expect([former.staff.deactivatedAt !== null, former.loginEnabled]).toEqual([true, false]);
    const invited = await staffByEmail('invited.northside@example.com');
    expect([invited.userActive, invited.staff.deactivatedAt]).toEqual([false, null]);
  });
});
