import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, Report } from '@spotter/shared';
import { createTestApp, fixClock, type TestApp } from '../../../test/helper';
import { payments } from '../../db/schema';

/**
 * Issue 21: the dashboard. Fixed clock: 2026-03-04 14:30 in Chicago (a Wednesday). Each card is its report's headline
 * figure over the card's range, present only with that report's permissions (spec 6).
 */
fixClock('2026-03-04T20:30:00.000Z');
let t: TestApp;
let g: Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let other: Awaited<ReturnType<TestApp['make']['kioskGym']>>;

beforeAll(async () => {
  t = await createTestApp();
  g = await t.make.kioskGym({ athletes: 3, timeZone: 'America/Chicago' });
  other = await t.make.kioskGym({ athletes: 2, timeZone: 'America/Chicago' });
  const [a, b] = g.members;
  // Revenue: $50 received this month (March 2), $20 last month to the same day (February 3), $99 on February 20 (after the same day).
  const pay = async (gymId: string, athleteId: string, amountMinor: number, at: string) => {
    const invoice = await t.make.invoice(gymId, athleteId, {
      status: 'paid',
      totalMinor: amountMinor,
      paymentsMinor: amountMinor,
      dueDate: at.slice(0, 10),
      issueDate: at.slice(0, 10),
    });
    await t.db.insert(payments).values({
      gymId,
      invoiceId: invoice.id,
      athleteId,
      kind: 'payment',
      channel: 'cash_or_check',
      status: 'succeeded',
      amountMinor,
      createdAt: new Date(at),
    });
  };
  await pay(g.gym.id, a!.athleteId, 5000, '2026-03-02T18:00:00Z');
  await pay(g.gym.id, a!.athleteId, 2000, '2026-02-03T18:00:00Z');
  await pay(g.gym.id, b!.athleteId, 9900, '2026-02-20T18:00:00Z');
  // Another gym's money this month never counts.
  await pay(other.gym.id, other.members[0]!.athleteId, 77700, '2026-03-02T18:00:00Z');
  // Today's classes: 18:00 with two places booked (one checked in), one waiting in line and one late cancel; 07:00 empty; a cancelled one.
  const evening = await t.make.event(g.gym, { classTypeId: g.classType.id, time: '18:00', locationId: g.location.id });
  await t.make.reserve(evening, [a!.athleteId], { isCheckedIn: true });
  await t.make.reserve(evening, [b!.athleteId]);
  await t.make.reserve(evening, [g.members[2]!.athleteId], { isReserved: false, isLateCancel: true });
  await t.make.event(g.gym, { classTypeId: g.classType.id, time: '07:00' });
  await t.make.event(g.gym, { classTypeId: g.classType.id, time: '12:00', cancelledAt: new Date() });
  // Heatmap: a check-in last Monday 2026-03-02 at 06:00 and two this Wednesday at 18:00 (above).
  const monday = await t.make.event(g.gym, { classTypeId: g.classType.id, date: '2026-03-02', time: '06:00' });
  await t.make.reserve(monday, [b!.athleteId], { isCheckedIn: true });
});
afterAll(async () => {
  await t.close();
});

const dashboardAs = async (person: { userId: string; profileId?: string | null }) => {
  const res = await (await t.as(person)).get('/api/dashboard/');
  return res;
};

describe('dashboard (issue 21)', () => {
  it("gives the owner every card, today's classes with their fill, the revenue trend and the heatmap", async () => {
    const res = await dashboardAs(g.owner);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<Dashboard>();
    expect(d.today).toBe('2026-03-04');
    expect(d.cards.map((c) => c.key)).toEqual([
      'revenue',
      'activeMembers',
      'newMembers',
      'cancelledMembers',
      'attendanceToday',
      'attendanceWeek',
      'pastDue',
      'atRisk',
      'birthdays',
    ]);
    const revenue = d.cards.find((c) => c.key === 'revenue')!;
    // This month to today: $50; last month to the same day (Feb 1-4): $20 (the $99 of Feb 20 is after it).
    expect(revenue).toMatchObject({ value: 5000, previous: 2000, unit: 'money', report: 'total-revenue', from: '2026-03-01', to: '2026-03-04' });
    expect(d.todayClasses).toEqual([
      expect.objectContaining({ startTime: '07:00', capacity: 10, booked: 0, checkedIn: 0 }),
      expect.objectContaining({ startTime: '18:00', name: 'Olympic Lifting', capacity: 10, booked: 2, checkedIn: 1 }),
    ]);
    // Weekday 0 is Monday: Monday 06:00 one check-in, Wednesday 18:00 one.
    expect(d.attendanceHeatmap).toEqual([
      { weekday: 0, hour: 6, count: 1 },
      { weekday: 2, hour: 18, count: 1 },
    ]);
    const trend = d.revenueTrend!;
    expect(trend).toHaveLength(12);
    expect(trend.at(-1)).toMatchObject({ month: '2026-03', value: 5000 });
    expect(trend.at(-2)).toMatchObject({ month: '2026-02', value: 11900 });
  });

  it('each card equals the headline figure of the report it links to, over the same range', async () => {
    const client = await t.as(g.owner);
    const d = (await client.get('/api/dashboard/')).json<Dashboard>();
    for (const card of d.cards) {
      const res = await client.get(`/api/reports/${card.report}/?from=${card.from}&to=${card.to}&compare=false`);
      expect(res.statusCode, `${card.key}: ${res.body}`).toBe(200);
      expect(res.json<Report>().total, card.key).toBe(card.value);
    }
  });

  it('staff see only the cards of the reports they may open; without report permissions, only the classes', async () => {
    const members = await t.make.staff(g.gym.id, { permissions: ['BusinessMetricsReportsView', 'AthleteReportsView'] });
    const d = (await dashboardAs(members)).json<Dashboard>();
    expect(d.cards.map((c) => c.key)).toEqual(['activeMembers', 'newMembers', 'cancelledMembers', 'attendanceToday', 'attendanceWeek', 'atRisk', 'birthdays']);
    expect(d.revenueTrend).toBeNull();
    expect(d.attendanceHeatmap).not.toBeNull();

    const groupOnly = await t.make.staff(g.gym.id, { permissions: ['AccountingReportsView'] });
    const none = (await dashboardAs(groupOnly)).json<Dashboard>();
    expect(none.cards).toEqual([]);
    expect(none.revenueTrend).toBeNull();
    expect(none.attendanceHeatmap).toBeNull();
    expect(none.todayClasses).toHaveLength(2);
  });

  it('refuses athletes, and another gym’s owner sees only their own gym', async () => {
    const athlete = await t.make.athlete(g.gym.id);
    expect((await dashboardAs({ userId: athlete.userId!, profileId: athlete.profileId })).statusCode).toBe(403);
    const d = (await dashboardAs(other.owner)).json<Dashboard>();
    expect(d.cards.find((c) => c.key === 'revenue')).toMatchObject({ value: 77700, previous: 0 });
    expect(d.todayClasses).toEqual([]);
  });

  it('compares attendance today with the same day last week up to the same time (issue 34 item 10)', async () => {
    // Now is Wednesday 14:30 in Chicago. Last Wednesday (2026-02-25): a 06:00 class with two check-ins and an 18:00
    // class with three, one of them made at 14:00 that day (before the time) by an early check-in.
    const gym = await t.make.kioskGym({ athletes: 3, timeZone: 'America/Chicago' });
    const [a, b, c] = gym.members.map((m) => m.athleteId);
    const morning = await t.make.event(gym.gym, { classTypeId: gym.classType.id, date: '2026-02-25', time: '06:00' });
    await t.make.reserve(morning, [a!, b!], { isCheckedIn: true });
    const evening = await t.make.event(gym.gym, { classTypeId: gym.classType.id, date: '2026-02-25', time: '18:00' });
    await t.make.reserve(evening, [a!, b!], { isCheckedIn: true });
    await t.make.reserve(evening, [c!], { isCheckedIn: true, checkedInAt: new Date('2026-02-25T20:00:00Z') });
    // Today: one check-in at 07:00.
    const today = await t.make.event(gym.gym, { classTypeId: gym.classType.id, time: '07:00' });
    await t.make.reserve(today, [a!], { isCheckedIn: true });

    const card = (await dashboardAs(gym.owner)).json<Dashboard>().cards.find((x) => x.key === 'attendanceToday')!;
    expect(card).toMatchObject({ value: 1, previous: 3, previousLabel: 'Same time last week' });
  });
});
