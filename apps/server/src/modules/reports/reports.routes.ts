import type { FastifyInstance } from 'fastify';
import {
  endpoints,
  localeOf,
  reportCellText,
  reportCsvEndpointName,
  reportDefinitions,
  reportDetailsEndpointName,
  reportEndpointName,
  reportTypes,
  type Report,
  type ReportQuery,
  type ReportType,
} from '@spotter/shared';
import { safeFileName, sendCsv, toCsv } from '../../lib/csv';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { reportImpls } from './registry';
import { reportContext, type ReportContext } from './report-context';

function implOf(type: ReportType) {
  const impl = reportImpls[type];
  if (!impl) throw new HttpError(501, 'This report is not available yet.', 'not_built');
  return impl;
}

/** A report's whole answer: its definition, range, locale and figures. */
export async function buildReport(ctx: ReportContext, type: ReportType): Promise<Report> {
  const def = reportDefinitions[type];
  const body = await implOf(type).run(ctx);
  const locale = localeOf(ctx.country);
  return {
    type,
    title: def.title,
    definition: def.definition,
    unit: def.unit,
    chart: def.chart,
    drill: def.drill,
    from: ctx.from,
    to: ctx.to,
    previousFrom: ctx.previous?.from ?? null,
    previousTo: ctx.previous?.to ?? null,
    bucket: body.bucket ?? ctx.bucket,
    currency: locale.currency,
    taxLabel: locale.taxLabel,
    timeZone: ctx.timeZone,
    total: body.total,
    previousTotal: ctx.previous ? body.previousTotal : null,
    totalLabel: body.totalLabel,
    points: body.points,
    columns: body.columns,
    rows: body.rows,
    truncated: body.truncated,
  };
}

/** The CSV of a report: exactly the table shown (the same columns, rows and cell texts as the page). */
export function reportCsv(report: Report, country: ReportContext['country']): string {
  return toCsv(
    report.columns.map((c) => c.label),
    report.rows.map((r) => report.columns.map((c) => reportCellText(c.kind, r.cells[c.key] ?? null, country))),
  );
}

/**
 * Issue 21 (decision 037): the 20 report routes, each three endpoints (the report, a row's drill-down, the CSV), each
 * declaring its own permissions (spec 6); every figure is computed in SQL for the caller's gym only.
 */
export async function reportsRoutes(app: FastifyInstance) {
  const { db } = app;
  const contextOf = (request: Parameters<typeof gymCaller>[0], q: Pick<ReportQuery, 'from' | 'to' | 'locationId' | 'days' | 'compare'>) => {
    const { gym } = gymCaller(request);
    return reportContext(db, gym, q);
  };
  for (const type of reportTypes) {
    route(app, endpoints[reportEndpointName(type)], async (request) => buildReport(contextOf(request, request.query), type));
    route(app, endpoints[reportDetailsEndpointName(type)], async (request) => {
      const { key, limit, offset, ...q } = request.query;
      return implOf(type).details(contextOf(request, q), key, { limit, offset });
    });
    route(app, endpoints[reportCsvEndpointName(type)], async (request, reply) => {
      const ctx = contextOf(request, request.query);
      const report = await buildReport(ctx, type);
      const gym = gymCaller(request).gym;
      return sendCsv(reply, safeFileName(`${type}-${gym.title}-${ctx.from}-to-${ctx.to}.csv`), reportCsv(report, ctx.country));
    });
  }
}
