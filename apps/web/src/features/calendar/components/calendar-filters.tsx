import { Group, SegmentedControl, Select } from '@mantine/core';
import type { CalendarOptions } from '@spotter/shared';
import type { CalendarFilters as Filters, CalendarKind } from '../lib/view-state';

type CalendarFiltersProps = { options: CalendarOptions; filters: Filters; onChange: (filters: Partial<Filters>) => void };

/** Location, coach, class type and kind; each change is written to the URL (a link reproduces the view). */
export function CalendarFilters({ options, filters, onChange }: CalendarFiltersProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="md" role="search" aria-label="Calendar filters">
      <Select
        label="Location"
        placeholder="All locations"
        clearable
        w={190}
        data={options.locations.map((l) => ({ value: l.locationId, label: l.name }))}
        value={filters.locationId}
        onChange={(locationId) => onChange({ locationId })}
      />
      <Select
        label="Coach"
        placeholder="All coaches"
        clearable
        searchable
        w={190}
        data={options.coaches.map((c) => ({ value: c.staffId, label: c.fullName }))}
        value={filters.coachId}
        onChange={(coachId) => onChange({ coachId })}
      />
      {filters.kind !== 'appointment' && (
        <Select
          label="Class type"
          placeholder="All class types"
          clearable
          searchable
          w={190}
          data={options.classTypes.map((t) => ({ value: t.classTypeId, label: t.name }))}
          value={filters.classTypeId}
          onChange={(classTypeId) => onChange({ classTypeId })}
        />
      )}
      <SegmentedControl
        aria-label="Show"
        value={filters.kind}
        onChange={(kind) => onChange({ kind: kind as CalendarKind })}
        data={[
          { value: 'all', label: 'Both' },
          { value: 'class', label: 'Classes' },
          { value: 'appointment', label: 'Appointments' },
        ]}
      />
    </Group>
  );
}
