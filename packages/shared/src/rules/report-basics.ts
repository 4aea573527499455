/**
 * Issue 21: the small facts of reports the API's schemas need (api/reports.ts), apart from the definitions' texts
 * (rules/reports.ts), so the endpoint table every screen loads does not carry those texts.
 */

/** What a report's figures are: money (minor units of the gym's currency), a count of people or things, a percentage. */
export const reportUnits = ['money', 'count', 'percent'] as const;
export type ReportUnit = (typeof reportUnits)[number];

/** The chart drawn above the table (@mantine/charts). */
export const reportCharts = ['bar', 'line', 'area', 'donut'] as const;
export type ReportChart = (typeof reportCharts)[number];

/** What a row's drill-down lists. */
export const reportDrills = ['athletes', 'invoices'] as const;
export type ReportDrill = (typeof reportDrills)[number];

/** Missing members' N: the number of days without a check-in. */
export const MISSING_DAYS = { default: 14, min: 1, max: 365 } as const;

/** A report's range may span at most this many days (two years and a day). */
export const MAX_REPORT_DAYS = 732;

/** Days from `from` to `to`, both included. */
export function rangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
