import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Box, Button, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  formatDate,
  localeOf,
  reportDefinitions,
  mayOpenReport,
  reportTitle,
  reportTypes,
  toZoned,
  type GymCountry,
  type Report,
  type ReportType,
  type Session,
} from '@spotter/shared';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCurrentSession } from '../../auth';
import { useIsNarrow } from '../../event-setup';
import { useGym } from '../../events';
import { useDownloadReportCsv, useReport, type ReportRequest } from '../api/reports';
import { ReportChart } from './report-chart';
import { ReportDetailsDrawer } from './report-details-drawer';
import { ReportFiltersBar } from './report-filters';
import { ReportTable } from './report-table';
import { useReportFilters } from './use-report-filters';

export const NO_PERMISSION_MESSAGE = 'You do not have permission to see this report.';
export const FETCH_FAILED_MESSAGE = 'Something went wrong while fetching data!';
export const EMPTY_MESSAGE = 'Nothing in this range. Try a longer range, or another location.';

/** Spec 6: a report needs BusinessMetricsReportsView and its group's permission (owners hold all). */
const typeOfPath = (pathname: string): ReportType | null => {
  const last = pathname.replace(/\/$/, '').split('/').pop() ?? '';
  return (reportTypes as readonly string[]).includes(last) ? (last as ReportType) : null;
};

/** A figure in the report's unit: money in the answer's currency, percentages to one decimal, counts whole. */
function formatterOf(report: Pick<Report, 'unit' | 'currency'>, country: GymCountry) {
  const { locale } = localeOf(country);
  if (report.unit === 'money') {
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency: report.currency });
    return (minor: number) => money.format(minor / 100);
  }
  if (report.unit === 'percent') return (value: number) => `${value.toFixed(1)}%`;
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return (value: number) => count.format(value);
}

/** `/reports/arm/{type}` (spec 2.7, 2.8; issue 21): one report with its range, filters, chart, table, drill-down and CSV. */
export function ReportPage() {
  const session = useCurrentSession();
  const type = typeOfPath(useLocation().pathname);
  if (!type)
    return (
      <Alert color="red" title="Error">
        This report does not exist.
      </Alert>
    );
  if (!mayOpenReport(session, type)) return <NoPermission />;
  return <ReportView key={type} type={type} session={session} />;
}

function NoPermission() {
  return (
    <Alert color="red" title="No permission" role="alert">
      {NO_PERMISSION_MESSAGE}
    </Alert>
  );
}

function ReportView({ type, session }: { type: ReportType; session: Session }) {
  const def = reportDefinitions[type];
  const gym = useGym(session.gym?.gymId ?? '');
  const country = gym.data?.country ?? 'US';
  const firstDayOfWeek = localeOf(country).firstDayOfWeek;
  const today = gym.data ? toZoned(new Date(), gym.data.timeZone).date : null;
  const { filters, update, params } = useReportFilters(type, today, firstDayOfWeek);
  const request: ReportRequest | null = filters
    ? { from: filters.from, to: filters.to, compare: filters.compare, locationId: filters.locationId, days: filters.days }
    : null;
  const report = useReport(type, request);
  const csv = useDownloadReportCsv(type);
  const isNarrow = useIsNarrow();
  const [drill, setDrill] = useState<{ key: string; label: string } | null>(null);
  const navigate = useNavigate();

  const allowed = reportTypes.filter((t) => mayOpenReport(session, t)).map((t) => ({ value: t, label: reportTitle(t) }));
  const goTo = (next: string | null) => {
    if (!next || next === type) return;
    const keep = new URLSearchParams();
    for (const k of ['from', 'to', 'preset', 'compare']) if (params.get(k)) keep.set(k, params.get(k)!);
    const q = keep.toString();
    void navigate(`/reports/arm/${next}${q ? `?${q}` : ''}`);
  };

  const isForbidden = report.isError && isApiError(report.error) && report.error.status === 403;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {def.title}
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap" w={isNarrow ? '100%' : undefined}>
          <Select
            label="Reports"
            data={allowed}
            value={type}
            onChange={goTo}
            allowDeselect={false}
            w={isNarrow ? '100%' : 260}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            variant="default"
            onClick={() => request && csv.mutate(request)}
            loading={csv.isPending}
            disabled={!report.data || isForbidden}
            fullWidth={isNarrow}
          >
            Download CSV
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="sm" component="section" aria-labelledby="report-definition">
        <Title order={2} size="h5" id="report-definition" mb={4}>
          How this is counted
        </Title>
        <Text size="sm">{report.data?.definition ?? def.definition}</Text>
      </Paper>

      {filters && today ? (
        <ReportFiltersBar type={type} filters={filters} update={update} today={today} country={country} />
      ) : (
        <Skeleton h={60} role="status" aria-label="Loading the filters" />
      )}

      {isForbidden ? (
        <NoPermission />
      ) : report.isError ? (
        <Alert color="red" title="Error" role="alert">
          {isApiError(report.error) && report.error.status >= 400 && report.error.status < 500 ? errorMessage(report.error) : FETCH_FAILED_MESSAGE}
        </Alert>
      ) : !report.data ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the report">
          <Skeleton h={70} w={260} />
          <Skeleton h={280} />
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={32} />
          ))}
        </Stack>
      ) : (
        <ReportBody report={report.data} country={country} isCompare={filters?.compare ?? true} onDrill={(row, label) => setDrill({ key: row.key, label })} />
      )}

      {request && <ReportDetailsDrawer type={type} request={request} row={drill} onClose={() => setDrill(null)} country={country} isNarrow={isNarrow} />}
    </Stack>
  );
}

function ReportBody({
  report,
  country,
  isCompare,
  onDrill,
}: {
  report: Report;
  country: GymCountry;
  isCompare: boolean;
  onDrill: Parameters<typeof ReportTable>[0]['onDrill'];
}) {
  const format = formatterOf(report, country);
  const isEmpty = report.rows.length === 0 || (report.total === 0 && report.rows.every((r) => !r.canDrill));
  return (
    <>
      <Headline report={report} format={format} isCompare={isCompare} country={country} />
      {isEmpty ? (
        <Paper withBorder p="lg" ta="center">
          <Text fw={500}>{EMPTY_MESSAGE}</Text>
          <Text size="sm" c="dimmed">
            Choose “This year” or “Last 12 months” in Range, or pick your own dates.
          </Text>
        </Paper>
      ) : (
        <>
          <ReportChart report={report} format={format} isCompare={isCompare} />
          <ReportTable report={report} country={country} onDrill={onDrill} />
        </>
      )}
    </>
  );
}

function Headline({ report, format, isCompare, country }: { report: Report; format: (v: number) => string; isCompare: boolean; country: GymCountry }) {
  const previous = isCompare ? report.previousTotal : null;
  const change = previous === null ? null : report.total - previous;
  const percent = change === null || previous === null || previous === 0 ? null : (change / Math.abs(previous)) * 100;
  const arrow = change === null ? '' : change > 0 ? '↑' : change < 0 ? '↓' : '→';
  const direction = change === null ? '' : change > 0 ? 'Up' : change < 0 ? 'Down' : 'No change';
  const color = change === null || change === 0 ? 'dimmed' : change > 0 ? 'teal.9' : 'red.9';
  const dates = (from: string | null, to: string | null) => (from && to ? `${formatDate(from, country)} – ${formatDate(to, country)}` : '');
  return (
    <Box component="section" aria-label="Headline figure">
      <Text size="sm" c="dimmed">
        {`${report.totalLabel}, ${dates(report.from, report.to)}`}
      </Text>
      <Text fz={32} fw={700} lh={1.2} data-testid="report-total">
        {format(report.total)}
      </Text>
      {previous !== null && (
        <Text size="sm" c={color} data-testid="report-change">
          <span aria-hidden="true">{arrow} </span>
          {percent === null ? direction : `${direction}${change === 0 ? '' : ` ${Math.abs(percent).toFixed(1)}%`}`}
          {` from ${format(previous)} in the previous period (${dates(report.previousFrom, report.previousTo)})`}
        </Text>
      )}
    </Box>
  );
}
