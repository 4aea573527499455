import { MultiSelect, Select, SimpleGrid } from '@mantine/core';
import type { CalendarOptions } from '@spotter/shared';

export type Placement = { coachIds: string[]; locationId: string | null; roomId: string | null };

type PlacementFieldsProps = {
  options: CalendarOptions;
  value: Placement;
  onChange: (value: Partial<Placement>) => void;
  /** The coaches of an existing class that the options no longer list (archived): still shown by name. */
  knownCoaches?: { staffId: string; fullName: string }[];
};

/** Coaches (the first chosen leads), location, and a room of that location. */
export function PlacementFields({ options, value, onChange, knownCoaches = [] }: PlacementFieldsProps) {
  const coaches = [...options.coaches, ...knownCoaches.filter((k) => !options.coaches.some((c) => c.staffId === k.staffId))];
  const location = options.locations.find((l) => l.locationId === value.locationId);
  return (
    <>
      <MultiSelect
        label="Coaches"
        description="The first coach chosen leads the class; change them to name a substitute."
        placeholder={value.coachIds.length === 0 ? 'No coach' : undefined}
        searchable
        data={coaches.map((c) => ({ value: c.staffId, label: c.fullName }))}
        value={value.coachIds}
        onChange={(coachIds) => onChange({ coachIds })}
        maxValues={5}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Location"
          placeholder="No location"
          clearable
          data={options.locations.map((l) => ({ value: l.locationId, label: l.name }))}
          value={value.locationId}
          onChange={(locationId) => {
            const next = options.locations.find((l) => l.locationId === locationId);
            onChange({ locationId, roomId: next?.rooms.some((r) => r.roomId === value.roomId) ? value.roomId : null });
          }}
        />
        <Select
          label="Room"
          placeholder={location ? (location.rooms.length ? 'No room' : 'This location has no rooms') : 'Choose a location first'}
          clearable
          disabled={!location || location.rooms.length === 0}
          data={(location?.rooms ?? []).map((r) => ({ value: r.roomId, label: r.name }))}
          value={value.roomId}
          onChange={(roomId) => onChange({ roomId })}
        />
      </SimpleGrid>
    </>
  );
}
