import '@mantine/charts/styles.css';
import { AreaChart, BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Box, VisuallyHidden } from '@mantine/core';
import type { Report } from '@spotter/shared';
import { ChartFrame, fittedYAxis } from '../../../components/chart-frame';

const DONUT_COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.6', 'yellow.7', 'red.6'];

type Props = { report: Report; format: (value: number) => string; isCompare: boolean };

/**
 * The report's chart (@mantine/charts, as `report.chart` says), this period and the previous one. It is a figure named
 * for screen readers, with the same figures in words beside it (the table below holds them all too).
 */
export function ReportChart({ report, format, isCompare }: Props) {
  // A donut shows one period's shares; the headline and the words below carry the comparison.
  const hasPrevious = isCompare && report.points.some((p) => p.previous !== null);
  const label = `Chart of ${report.title}${hasPrevious ? ', this period and the previous one' : ''}`;
  const summary = report.points.map(
    (p) => `${p.label}: ${format(p.value)}${hasPrevious && p.previous !== null ? ` (previous period ${format(p.previous)})` : ''}`,
  );
  if (report.points.length === 0) return null;

  const data = report.points.map((p) => ({ label: p.label, current: p.value, previous: p.previous ?? 0 }));
  const series = [
    { name: 'current', label: 'This period', color: 'blue.6' },
    ...(hasPrevious ? [{ name: 'previous', label: 'Previous period', color: 'gray.5' }] : []),
  ];
  const common = {
    h: 280,
    data,
    dataKey: 'label',
    series,
    valueFormatter: format,
    withLegend: hasPrevious,
    tickLine: 'y' as const,
    yAxisProps: fittedYAxis.yAxisProps,
  };
  const margin = { margin: fittedYAxis.margin };

  return (
    <Box component="figure" m={0} mb="lg" aria-label={label}>
      {report.chart === 'donut' ? (
        <DonutChart
          data={report.points.map((p, i) => ({ name: p.label, value: p.value, color: DONUT_COLORS[i % DONUT_COLORS.length]! }))}
          valueFormatter={format}
          withLabelsLine
          withLabels
          size={220}
          thickness={32}
          mx="auto"
        />
      ) : (
        <ChartFrame height={280}>
          {() =>
            report.chart === 'line' ? (
              <LineChart {...common} curveType="monotone" lineChartProps={margin} />
            ) : report.chart === 'area' ? (
              <AreaChart {...common} curveType="monotone" areaChartProps={margin} />
            ) : (
              <BarChart {...common} barChartProps={margin} />
            )
          }
        </ChartFrame>
      )}
      <VisuallyHidden component="figcaption">
        <span>{label}.</span>
        <ul>
          {summary.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      </VisuallyHidden>
    </Box>
  );
}
