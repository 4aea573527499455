import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, reportPermissions, reportTypes, type Permission, type ReportType } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';

/**
 * Issue 21, spec 6: a report needs BusinessMetricsReportsView AND its group's permission; athletes never see one; an
 * owner sees all. One app, one request per report per caller. A report not built yet answers 501 (never 403) to a
 * caller who may see it: this test holds the permissions, the reports' own tests hold their figures.
 */
fixClock(TEST_NOW);

/** Spec 6's report permission groups: every *ReportsView permission but BusinessMetricsReportsView (Invoice reports open none of the 20). */
const GROUPS = permissions.filter((p) => p.endsWith('ReportsView') && p !== 'BusinessMetricsReportsView');
const RANGE = 'from=2026-02-01&to=2026-03-04';

let t: TestApp;
let owner: ApiClient;
let athlete: ApiClient;
const withMetrics = new Map<Permission, ApiClient>();
const groupOnly = new Map<Permission, ApiClient>();

beforeAll(async () => {
  t = await createTestApp();
  const gym = await t.make.gym();
  owner = await t.as(await t.make.owner(gym.id));
  const member = await t.make.athlete(gym.id);
  athlete = await t.as({ userId: member.userId!, profileId: member.profileId });
  for (const group of GROUPS) {
    withMetrics.set(group, await t.as(await t.make.staff(gym.id, { permissions: ['BusinessMetricsReportsView', group] })));
    groupOnly.set(group, await t.as(await t.make.staff(gym.id, { permissions: [group] })));
  }
});
afterAll(async () => {
  await t.close();
});

/** Each report's status code for a caller. */
async function statuses(c: ApiClient): Promise<Record<ReportType, number>> {
  const out = {} as Record<ReportType, number>;
  for (const type of reportTypes) out[type] = (await c.get(`/api/reports/${type}/?${RANGE}`)).statusCode;
  return out;
}
const seen = (code: number) => (code === 200 || code === 501 ? 'seen' : code);

describe('report permissions (spec 6)', () => {
  it('there are six report groups, and every report belongs to one of them', () => {
    expect(GROUPS).toHaveLength(6);
    for (const type of reportTypes) expect(GROUPS).toContain(reportPermissions[type]);
  });

  it.each(GROUPS)('BusinessMetricsReportsView + %s opens exactly its group’s reports; the group alone opens none', async (group) => {
    const both = await statuses(withMetrics.get(group)!);
    const expected = Object.fromEntries(reportTypes.map((type) => [type, reportPermissions[type] === group ? 'seen' : 403]));
    expect(Object.fromEntries(reportTypes.map((type) => [type, seen(both[type])]))).toEqual(expected);
    const alone = await statuses(groupOnly.get(group)!);
    expect(Object.values(alone).every((code) => code === 403)).toBe(true);
  });

  it('an athlete is refused every report; an owner sees them all', async () => {
    expect(Object.values(await statuses(athlete)).every((code) => code === 403)).toBe(true);
    expect(Object.values(await statuses(owner)).every((code) => seen(code) === 'seen')).toBe(true);
  });
});
