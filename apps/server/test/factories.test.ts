import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, createTestApp, fixClock, type TestApp } from './helper';
import { todayOf } from './factories';

fixClock(TEST_NOW);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('factories', () => {
  it('build a gym whose staff signs in without the login route, on the fixed clock', async () => {
    const { gym, staff, members } = await t.make.kioskGym({ athletes: 3 });
    expect(todayOf(gym)).toBe('2026-03-04');
    const event = await t.make.event(gym, { time: '15:00' });
    await t.make.reserve(
      event,
      members.map((m) => m.athleteId),
    );
    const client = await t.as(staff);
    const session = await client.session();
    expect(session).toMatchObject({ role: 'staff', gym: { gymId: gym.id }, staff: { permissions: ['Kiosk', 'AthleteView'] } });
    const list = await client.get('/api/events/kiosk-events/');
    expect(list.statusCode).toBe(200);
    expect(list.json().results).toHaveLength(1);
    expect(list.json().results[0]).toMatchObject({ eventId: event.id, attendeeCount: 3, startDate: '2026-03-04', startTime: '15:00:00' });
  });

  it('log in through the route with the test password', async () => {
    const gym = await t.make.gym();
    const owner = await t.make.owner(gym.id, { email: 'someone@test.example.com' });
    const client = await t.login(owner.email);
    expect((await client.session()).user.userId).toBe(owner.userId);
  });
});
