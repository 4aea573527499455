import { useState } from 'react';
import { Button, Checkbox, Collapse, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { membershipStateLabels, membershipStates, type TagWithCount } from '@spotter/shared';
import { lastVisitChoices, type AthleteFilters } from '../lib/filters';

const membershipData = [{ value: '', label: 'Any membership' }, ...membershipStates.map((s) => ({ value: s, label: membershipStateLabels[s] }))];
const lastVisitData = [{ value: '', label: 'Any last visit' }, ...lastVisitChoices.map((d) => ({ value: String(d), label: `Not in ${d} days` }))];

type Props = {
  filters: AthleteFilters;
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (next: Partial<AthleteFilters>) => void;
  onClear: () => void;
  tags: TagWithCount[];
  onExport: () => void;
  isExporting: boolean;
  /** On a phone the filters fold away behind a Filters button (the list stays in view). */
  isNarrow?: boolean;
};

const activeCount = (f: AthleteFilters) =>
  [f.membershipState !== null, f.tagId !== null, f.lastVisitOlderThanDays !== null, f.pastDue, f.unsignedDocument, f.archived].filter(Boolean).length;

/** The list's search box, filters and export (issue 17): each change asks the server again, from the first page. */
export function AthleteFiltersBar({ filters, searchText, onSearchText, onChange, onClear, tags, onExport, isExporting, isNarrow = false }: Props) {
  const [open, setOpen] = useState(false);
  const tagData = [{ value: '', label: 'Any tag' }, ...tags.map((t) => ({ value: t.tagId, label: `${t.name} (${t.athleteCount})` }))];
  const search = (
    <TextInput
      type="search"
      label="Search"
      placeholder="Name, email or phone"
      value={searchText}
      onChange={(event) => onSearchText(event.currentTarget.value)}
      style={{ flexGrow: 1, minWidth: 200, maxWidth: isNarrow ? undefined : 320 }}
    />
  );
  const controls = (
    <>
      <Select
        label="Membership"
        data={membershipData}
        value={filters.membershipState ?? ''}
        onChange={(v) => onChange({ membershipState: (v || null) as AthleteFilters['membershipState'] })}
        allowDeselect={false}
        w={isNarrow ? '100%' : 170}
      />
      <Select
        label="Tag"
        data={tagData}
        value={filters.tagId ?? ''}
        onChange={(v) => onChange({ tagId: v || null })}
        allowDeselect={false}
        w={isNarrow ? '100%' : 190}
        searchable
      />
      <Select
        label="Last visit"
        data={lastVisitData}
        value={filters.lastVisitOlderThanDays ? String(filters.lastVisitOlderThanDays) : ''}
        onChange={(v) => onChange({ lastVisitOlderThanDays: v ? Number(v) : null })}
        allowDeselect={false}
        w={isNarrow ? '100%' : 170}
      />
      <Group gap="md" pb={8}>
        <Checkbox label="Past-due bill" checked={filters.pastDue} onChange={(e) => onChange({ pastDue: e.currentTarget.checked })} />
        <Checkbox label="Unsigned document" checked={filters.unsignedDocument} onChange={(e) => onChange({ unsignedDocument: e.currentTarget.checked })} />
      </Group>
      <SegmentedControl
        aria-label="Show"
        value={filters.archived ? 'archived' : 'current'}
        onChange={(v) => onChange({ archived: v === 'archived' })}
        data={[
          { value: 'current', label: 'Current' },
          { value: 'archived', label: 'Archived' },
        ]}
      />
    </>
  );
  const actions = (
    <Group gap="sm" ml="auto">
      <Button variant="subtle" onClick={onClear}>
        Clear filters
      </Button>
      <Button variant="default" onClick={onExport} loading={isExporting}>
        Export CSV
      </Button>
    </Group>
  );
  if (isNarrow) {
    const active = activeCount(filters);
    return (
      <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
        {search}
        <Group gap="sm" w="100%" justify="space-between">
          <Button variant="default" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="athlete-filters">
            {active > 0 ? `Filters (${active})` : 'Filters'}
          </Button>
          {actions}
        </Group>
        <Collapse expanded={open} w="100%" id="athlete-filters">
          <Group align="flex-end" gap="sm" wrap="wrap">
            {controls}
          </Group>
        </Collapse>
      </Group>
    );
  }
  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
      {search}
      {controls}
      {actions}
    </Group>
  );
}
