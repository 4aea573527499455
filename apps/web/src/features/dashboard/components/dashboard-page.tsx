import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Alert, Anchor, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  formatMoney,
  formatTime,
  mayOpenReport,
  reportTitle,
  reportTypes,
  type Dashboard,
  type DashboardCard,
  type GymCountry,
  type ReportType,
  type Session,
} from '@spotter/shared';
import { ChartFrame, fittedYAxis } from '../../../components/chart-frame';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentSession } from '../../auth';
import { useDashboard } from '../api/get-dashboard';
import { AttendanceHeatmap } from './attendance-heatmap';

/** The gym's country from its currency (spec 9: one currency per country). */
export function countryOfCurrency(currency: string): GymCountry {
  return currency === 'GBP' ? 'GB' : currency === 'CAD' ? 'CA' : 'US';
}

export function formatFigure(value: number, unit: DashboardCard['unit'], country: GymCountry): string {
  if (unit === 'money') return formatMoney(value, country);
  if (unit === 'percent') return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(value)}%`;
  return new Intl.NumberFormat('en-US').format(value);
}

/** The change from the previous figure: "+25%" (or the difference when the previous one was zero). */
export function changeOf(card: Pick<DashboardCard, 'value' | 'previous' | 'unit'>, country: GymCountry): string | null {
  if (card.previous === null) return null;
  const diff = card.value - card.previous;
  if (diff === 0) return 'No change';
  const sign = diff > 0 ? '+' : '−';
  if (card.previous === 0 || card.unit === 'percent') return `${sign}${formatFigure(Math.abs(diff), card.unit, country)}`;
  return `${sign}${Math.round((Math.abs(diff) / Math.abs(card.previous)) * 100)}%`;
}

export const cardHref = (card: Pick<DashboardCard, 'report' | 'from' | 'to'>) => `/reports/arm/${card.report}?from=${card.from}&to=${card.to}&preset=custom`;

/** Spec 6: the reports the caller may open (BusinessMetricsReportsView and the report's group). */
export function allowedReports(session: Session): ReportType[] {
  return reportTypes.filter((type) => mayOpenReport(session, type));
}

/** Issue 21: the dashboard (`/`; `/dashboard` on a phone): figures, trends and today's classes the caller may see. */
export function DashboardPage() {
  const session = useCurrentSession();
  const dashboard = useDashboard();
  const reports = allowedReports(session);
  return (
    <>
      <PageHeader title="Dashboard" />
      {dashboard.isPending ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the dashboard">
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={110} radius="md" />
            ))}
          </SimpleGrid>
          <Skeleton height={260} radius="md" />
        </Stack>
      ) : dashboard.isError ? (
        <Alert color="red" title="The dashboard could not be loaded">
          {errorMessage(dashboard.error)}
        </Alert>
      ) : (
        <DashboardBody data={dashboard.data} />
      )}
      <ReportsList reports={reports} />
    </>
  );
}

function DashboardBody({ data }: { data: Dashboard }) {
  const country = countryOfCurrency(data.currency);
  const nothing = data.cards.length === 0 && !data.revenueTrend && !data.attendanceHeatmap && !data.todayClasses;
  const revenueTrend = data.revenueTrend?.map((p) => ({ month: p.label, revenue: p.value / 100 }));
  if (nothing) {
    return (
      <Alert color="gray" title="Nothing to show yet">
        Your permissions include no reports. Ask the gym's owner to give you report permissions to see figures here.
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      {data.cards.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Figures">
          {data.cards.map((card) => (
            <FigureCard key={card.key} card={card} country={country} />
          ))}
        </SimpleGrid>
      )}
      {revenueTrend && (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="revenue-trend-title">
          <Title order={2} size="h4" id="revenue-trend-title" mb="sm">
            Revenue, last 12 months
          </Title>
          <ChartFrame height={240}>
            {() => (
              <AreaChart
                h={240}
                data={revenueTrend}
                dataKey="month"
                series={[{ name: 'revenue', label: 'Revenue', color: 'blue.6' }]}
                valueFormatter={(v) => formatMoney(Math.round(v * 100), country)}
                curveType="monotone"
                withDots={false}
                yAxisProps={fittedYAxis.yAxisProps}
                areaChartProps={{ margin: fittedYAxis.margin }}
              />
            )}
          </ChartFrame>
        </Card>
      )}
      {/* Issue 34 item 5: the heatmap has the page's width, where a whole day (21 hours) fits at 1280 px. */}
      {data.attendanceHeatmap && (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="heatmap-title" style={{ minWidth: 0 }}>
          <Title order={2} size="h4" id="heatmap-title">
            When members come
          </Title>
          <AttendanceHeatmap cells={data.attendanceHeatmap} country={country} />
        </Card>
      )}
      {data.todayClasses && (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="today-classes-title">
          <Title order={2} size="h4" id="today-classes-title" mb="sm">
            Today's classes
          </Title>
          {data.todayClasses.length === 0 ? (
            <Text size="sm" c="dimmed">
              No classes today. Schedule classes on the{' '}
              <Anchor component={Link} to="/calendar" size="sm">
                calendar
              </Anchor>
              .
            </Text>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {data.todayClasses.map((c) => {
                const fill = c.capacity > 0 ? Math.min(100, Math.round((c.booked / c.capacity) * 100)) : 0;
                return (
                  <li key={c.eventId}>
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Text size="sm" fw={500} truncate>
                        {formatTime(c.startTime, country)} {c.name}
                      </Text>
                      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {c.booked}/{c.capacity} booked · {c.checkedIn} checked in
                      </Text>
                    </Group>
                    <Progress value={fill} mt={4} aria-label={`${c.name} at ${formatTime(c.startTime, country)}: ${c.booked} of ${c.capacity} places booked`} />
                  </li>
                );
              })}
            </Stack>
          )}
        </Card>
      )}
    </Stack>
  );
}

function FigureCard({ card, country }: { card: DashboardCard; country: GymCountry }) {
  const change = changeOf(card, country);
  return (
    <li>
      <Card withBorder radius="md" padding="md" component={Link} to={cardHref(card)} h="100%">
        <Text size="sm" c="dimmed">
          {card.label}
        </Text>
        <Text fz={28} fw={700} lh={1.2}>
          {formatFigure(card.value, card.unit, country)}
        </Text>
        {card.previous !== null && (
          <Text size="xs" c="dimmed">
            {card.previousLabel ?? 'Before'}: {formatFigure(card.previous, card.unit, country)}
            {change ? ` (${change})` : ''}
          </Text>
        )}
      </Card>
    </li>
  );
}

function ReportsList({ reports }: { reports: ReportType[] }) {
  if (reports.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" mt="lg" component="nav" aria-labelledby="reports-title">
      <Title order={2} size="h4" id="reports-title" mb="sm">
        Reports
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {reports.map((type) => (
          <li key={type}>
            <Anchor component={Link} to={`/reports/arm/${type}`} size="sm">
              {reportTitle(type)}
            </Anchor>
          </li>
        ))}
      </SimpleGrid>
    </Card>
  );
}
