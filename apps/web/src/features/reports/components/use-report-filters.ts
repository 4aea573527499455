import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { MISSING_DAYS, presetRange, reportDefinitions, reportPresets, type ReportPreset, type ReportType } from '@spotter/shared';
import type { ReportRequest } from '../api/reports';

export type ReportFilters = ReportRequest & { preset: ReportPreset };

const isDate = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
const isPreset = (v: string | null): v is ReportPreset => v !== null && (reportPresets as readonly string[]).includes(v);

/**
 * The page's filters as the address keeps them (`?from=&to=&preset=&locationId=&compare=&days=`), so a link or a
 * reload shows the same report. Without dates, the preset (This month unless named) on the gym's `today` gives them.
 */
export function filtersOf(params: URLSearchParams, type: ReportType, today: string, firstDayOfWeek: 0 | 1): ReportFilters {
  const def = reportDefinitions[type];
  const from = params.get('from');
  const to = params.get('to');
  const named = params.get('preset');
  let preset: ReportPreset;
  let range: { from: string; to: string };
  if (isDate(from) && isDate(to)) {
    preset = isPreset(named) ? named : 'custom';
    range = { from, to };
  } else {
    preset = isPreset(named) && named !== 'custom' ? named : 'month';
    range = presetRange(preset as Exclude<ReportPreset, 'custom'>, today, firstDayOfWeek);
  }
  const locationId = params.get('locationId');
  const days = Number(params.get('days'));
  return {
    ...range,
    preset,
    compare: params.get('compare') !== 'false',
    ...(def.usesLocation && locationId ? { locationId } : {}),
    ...(def.usesDays ? { days: Number.isInteger(days) && days >= MISSING_DAYS.min && days <= MISSING_DAYS.max ? days : MISSING_DAYS.default } : {}),
  };
}

export type FiltersChange = Partial<Record<'from' | 'to' | 'preset' | 'locationId' | 'compare' | 'days', string | null>>;

/** The filters, and a setter that writes a change into the address (replacing the entry: the Back button leaves the report). */
export function useReportFilters(type: ReportType, today: string | null, firstDayOfWeek: 0 | 1) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => (today ? filtersOf(params, type, today, firstDayOfWeek) : null), [params, type, today, firstDayOfWeek]);
  const update = (change: FiltersChange) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  return { filters, update, params };
}
