import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  gymLocationPageSchema,
  reportCsvEndpointName,
  reportDetailPageSchema,
  reportDetailsEndpointName,
  reportEndpointName,
  reportSchema,
  type Report,
  type ReportDetailPage,
  type ReportType,
} from '@spotter/shared';
import { callEndpoint, downloadEndpoint, errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { setupKeys } from '../../event-setup';

/** What a report page asks for: the range of the gym's dates and its filters, as the address keeps them. */
export type ReportRequest = { from: string; to: string; locationId?: string; compare: boolean; days?: number };

/** A drill-down page holds this many athletes or invoices. */
export const REPORT_DETAILS_PAGE_SIZE = 25;

export const reportKeys = {
  all: ['reports'] as const,
  report: (type: ReportType, request: ReportRequest) => ['reports', type, request] as const,
  details: (type: ReportType, request: ReportRequest, key: string, page: number) => ['reports', type, request, 'details', key, page] as const,
};

const queryOf = (r: ReportRequest) => ({
  from: r.from,
  to: r.to,
  compare: r.compare ? 'true' : 'false',
  ...(r.locationId ? { locationId: r.locationId } : {}),
  ...(r.days !== undefined ? { days: r.days } : {}),
});

// The 20 report endpoints share one declaration each of report, details and CSV (endpoints/reports.ts): the names are
// a union, which callEndpoint's call type does not narrow: one name stands for them all.
type ReportName = 'report:total-revenue';
type DetailsName = 'reportDetails:total-revenue';
type CsvName = 'reportCsv:total-revenue';

/** GET /api/reports/{type}/: the figure, the chart's points and the table. */
export function getReport(type: ReportType, request: ReportRequest, signal?: AbortSignal): Promise<Report> {
  return callEndpoint(reportEndpointName(type) as ReportName, { query: queryOf(request), signal }, { schema: reportSchema });
}

export function useReport(type: ReportType, request: ReportRequest | null) {
  return useQuery({
    queryKey: request ? reportKeys.report(type, request) : ['reports', type, 'waiting'],
    queryFn: ({ signal }) => getReport(type, request!, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/reports/{type}/details/?key=: the athletes or invoices behind one row, a page at a time. */
export function getReportDetails(type: ReportType, request: ReportRequest, key: string, page: number, signal?: AbortSignal): Promise<ReportDetailPage> {
  const query = { ...queryOf(request), key, limit: REPORT_DETAILS_PAGE_SIZE, offset: (page - 1) * REPORT_DETAILS_PAGE_SIZE };
  return callEndpoint(reportDetailsEndpointName(type) as DetailsName, { query, signal }, { schema: reportDetailPageSchema });
}

export function useReportDetails(type: ReportType, request: ReportRequest, key: string | null, page: number) {
  return useQuery({
    queryKey: reportKeys.details(type, request, key ?? '', page),
    queryFn: ({ signal }) => getReportDetails(type, request, key!, page, signal),
    enabled: key !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/reports/{type}/csv/: exactly the table shown, saved under the server's name. */
export function useDownloadReportCsv(type: ReportType) {
  return useMutation({
    mutationFn: async (request: ReportRequest) => {
      const { blob, fileName } = await downloadEndpoint(reportCsvEndpointName(type) as CsvName, { query: queryOf(request) });
      saveFile(blob, fileName ?? `${type}-${request.from}-${request.to}.csv`);
    },
    onError: (error) => notifyError({ title: 'Download failed', message: errorMessage(error) }),
  });
}

/** GET /api/locations/: the gym's active locations for the filter (a gym has a few: one page of 100). */
export function useReportLocations(isEnabled: boolean) {
  return useQuery({
    queryKey: setupKeys.locationList('active', ''),
    queryFn: ({ signal }) => callEndpoint('locations', { query: { status: 'active', limit: 100, offset: 0 }, signal }, { schema: gymLocationPageSchema }),
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}
