import { z } from 'zod';
import { access, type Access } from '../access';
import { csvAnswerSchema } from '../api/event-setup';
import {
  dashboardSchema,
  gymExportLatestSchema,
  gymExportParamsSchema,
  gymExportSchema,
  reportDetailPageSchema,
  reportDetailsQuerySchema,
  reportQuerySchema,
  reportSchema,
} from '../api/reports';
import { defineEndpoint } from '../endpoint';
import { reportPermissions, reportTitle, reportTypes, type ReportType } from '../navigation';

const tags = ['reports'];

/** A ZIP download (the body is the file's bytes). */
const zipAnswerSchema = z.string();

/** Spec 6: a report needs BusinessMetricsReportsView and its group's permission; athletes never. */
export function reportAccess(type: ReportType): Access {
  return { kind: 'profile', roles: ['staff', 'owner'], permissions: ['BusinessMetricsReportsView', reportPermissions[type]] };
}

const reportEndpoint = (type: ReportType) =>
  defineEndpoint({
    method: 'GET',
    path: `/api/reports/${type}/` as `/api/${string}`,
    access: reportAccess(type),
    tags,
    summary: `${reportTitle(type)}: the figure, the chart's points and the table over a range of the gym's dates`,
    query: reportQuerySchema,
    answers: { 200: reportSchema },
  });
const reportDetailsEndpoint = (type: ReportType) =>
  defineEndpoint({
    method: 'GET',
    path: `/api/reports/${type}/details/` as `/api/${string}`,
    access: reportAccess(type),
    tags,
    summary: `${reportTitle(type)}: the athletes or invoices behind one row of the table, a page at a time`,
    query: reportDetailsQuerySchema,
    answers: { 200: reportDetailPageSchema },
  });
const reportCsvEndpoint = (type: ReportType) =>
  defineEndpoint({
    method: 'GET',
    path: `/api/reports/${type}/csv/` as `/api/${string}`,
    budget: 'long',
    access: reportAccess(type),
    tags,
    summary: `${reportTitle(type)}: exactly the table shown, as CSV`,
    query: reportQuerySchema,
    answers: { 200: csvAnswerSchema },
  });

type ReportEndpoint = ReturnType<typeof reportEndpoint>;
type ReportDetailsEndpoint = ReturnType<typeof reportDetailsEndpoint>;
type ReportCsvEndpoint = ReturnType<typeof reportCsvEndpoint>;

/** The endpoint names of a report: `report:{type}`, `reportDetails:{type}`, `reportCsv:{type}`. */
export const reportEndpointName = (type: ReportType) => `report:${type}` as const;
export const reportDetailsEndpointName = (type: ReportType) => `reportDetails:${type}` as const;
export const reportCsvEndpointName = (type: ReportType) => `reportCsv:${type}` as const;

/**
 * Issue 21 (decision 037): one endpoint per report and per use (each declares its own permissions, so the access
 * matrix walks every report route), the dashboard, and the whole-gym export.
 */
export const reportsEndpoints = {
  ...(Object.fromEntries(
    reportTypes.flatMap((type) => [
      [reportEndpointName(type), reportEndpoint(type)],
      [reportDetailsEndpointName(type), reportDetailsEndpoint(type)],
      [reportCsvEndpointName(type), reportCsvEndpoint(type)],
    ]),
  ) as { [T in ReportType as `report:${T}`]: ReportEndpoint } & { [T in ReportType as `reportDetails:${T}`]: ReportDetailsEndpoint } & {
    [T in ReportType as `reportCsv:${T}`]: ReportCsvEndpoint;
  }),
  dashboard: defineEndpoint({
    method: 'GET',
    path: '/api/dashboard/',
    access: access.staffOrOwner,
    tags,
    summary: "The dashboard's cards, charts and today's classes: only what the caller's report permissions allow",
    answers: { 200: dashboardSchema },
  }),
  gymExport: defineEndpoint({
    method: 'GET',
    path: '/api/gym-export/',
    budget: 'long',
    access: access.owner,
    tags,
    summary: "The gym's latest whole-gym export, with its progress",
    answers: { 200: gymExportLatestSchema },
  }),
  startGymExport: defineEndpoint({
    method: 'POST',
    path: '/api/gym-export/',
    budget: 'long',
    access: access.owner,
    tags,
    summary: 'Start building a ZIP of CSVs of everything the gym holds (a background job; one at a time per gym)',
    answers: { 200: gymExportSchema },
  }),
  downloadGymExport: defineEndpoint({
    method: 'GET',
    path: '/api/gym-export/:exportId/download/',
    budget: 'long',
    access: access.owner,
    tags,
    summary: 'The ZIP of a finished export',
    params: gymExportParamsSchema,
    answers: { 200: zipAnswerSchema },
  }),
};
