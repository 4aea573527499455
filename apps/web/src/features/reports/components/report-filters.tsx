import '@mantine/dates/styles.css';
import { NumberInput, Select, SimpleGrid, Switch } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  MISSING_DAYS,
  localeOf,
  presetRange,
  reportDefinitions,
  reportPresetLabels,
  reportPresets,
  type GymCountry,
  type ReportPreset,
  type ReportType,
} from '@spotter/shared';
import { useReportLocations } from '../api/reports';
import type { FiltersChange, ReportFilters } from './use-report-filters';

const presetData = reportPresets.map((p) => ({ value: p, label: reportPresetLabels[p] }));

type Props = {
  type: ReportType;
  filters: ReportFilters;
  update: (change: FiltersChange) => void;
  today: string;
  country: GymCountry;
};

/** Range (a preset or two dates), location, comparison and missing members' N; each change goes into the address. */
export function ReportFiltersBar({ type, filters, update, today, country }: Props) {
  const def = reportDefinitions[type];
  const { dateFormat, firstDayOfWeek } = localeOf(country);
  const locations = useReportLocations(def.usesLocation);
  const locationData = [
    { value: '', label: 'All locations' },
    ...(locations.data?.results ?? []).filter((l) => !l.isArchived).map((l) => ({ value: l.locationId, label: l.name })),
  ];

  const choosePreset = (value: string | null) => {
    const preset = (value ?? 'month') as ReportPreset;
    if (preset === 'custom') return update({ preset: 'custom', from: filters.from, to: filters.to });
    const range = presetRange(preset, today, firstDayOfWeek);
    update({ preset, ...range });
  };
  const setDate = (end: 'from' | 'to', value: string | null) => {
    if (!value) return;
    const next = { from: filters.from, to: filters.to, [end]: value.slice(0, 10) };
    // Spec: the end on or after the start; moving one end past the other moves both.
    if (next.from > next.to) next[end === 'from' ? 'to' : 'from'] = next[end];
    update({ preset: 'custom', ...next });
  };

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: def.usesDays ? 6 : 5 }} spacing="sm" verticalSpacing="sm" mb="md">
      <Select label="Range" data={presetData} value={filters.preset} onChange={choosePreset} allowDeselect={false} />
      <DatePickerInput
        label="From"
        value={filters.from}
        onChange={(v) => setDate('from', v)}
        valueFormat={dateFormat}
        firstDayOfWeek={firstDayOfWeek}
        popoverProps={{ withinPortal: true }}
      />
      <DatePickerInput
        label="To"
        value={filters.to}
        onChange={(v) => setDate('to', v)}
        valueFormat={dateFormat}
        firstDayOfWeek={firstDayOfWeek}
        popoverProps={{ withinPortal: true }}
      />
      <Select
        label="Location"
        data={locationData}
        value={def.usesLocation ? (filters.locationId ?? '') : ''}
        onChange={(v) => update({ locationId: v || null })}
        allowDeselect={false}
        disabled={!def.usesLocation}
        description={def.usesLocation ? undefined : 'This report covers the whole gym.'}
      />
      {def.usesDays && (
        <NumberInput
          label="Days without a check-in"
          min={MISSING_DAYS.min}
          max={MISSING_DAYS.max}
          clampBehavior="strict"
          allowDecimal={false}
          value={filters.days ?? MISSING_DAYS.default}
          onChange={(v) => update({ days: typeof v === 'number' && v !== MISSING_DAYS.default ? String(v) : null })}
        />
      )}
      <Switch
        label="Compare with the previous period"
        checked={filters.compare}
        onChange={(e) => update({ compare: e.currentTarget.checked ? null : 'false' })}
        style={{ alignSelf: 'end' }}
        mb={8}
      />
    </SimpleGrid>
  );
}
