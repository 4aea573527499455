import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { reportQuerySchema, type Report, type ReportType } from '@spotter/shared';
import type { ApiClient, TestApp } from './helper';
import { gyms } from '../src/db/schema';
import { reportImpls } from '../src/modules/reports/registry';
import { headlineOf, reportContext } from '../src/modules/reports/report-context';

/**
 * Test support (issue 21): a report's `headline` statement, which the dashboard's cards read, must give the report's
 * total. The report tests call this after every report they fetch, so each hand-worked fixture and range checks it too.
 */
export async function expectHeadlineOf(t: TestApp, client: ApiClient, type: string, query: string, report: Report): Promise<void> {
  const impl = reportImpls[type as ReportType];
  if (!impl?.headline) return;
  const session = (await client.get('/api/auth/session/')).json<{ gym: { gymId: string } | null }>();
  const gymId = session.gym!.gymId;
  const [gym] = await t.db.select({ timeZone: gyms.timeZone, country: gyms.country }).from(gyms).where(eq(gyms.id, gymId));
  const q = reportQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const ctx = reportContext(t.db, { gymId, timeZone: gym!.timeZone, country: gym!.country }, { ...q, compare: false });
  expect(await headlineOf(impl, ctx), `${type} headline over ${query}`).toBe(report.total);
}
