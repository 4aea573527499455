import 'mantine-datatable/styles.css';
import { CardListPager } from '../../../components/card-list-pager';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Avatar, Badge, Button, Card, Checkbox, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import {
  ATHLETES_PAGE_SIZE,
  formatDate,
  membershipStateLabels,
  toZoned,
  type AthleteListRow,
  type AthleteSortKey,
  type GymCountry,
  type MembershipState,
} from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { AddAthleteButton } from '../../athlete-record';
import { ImportAthletesButton } from '../../athlete-import';
import { formatPhone, phoneCountry } from '../../../lib/phone';
import { useSearchTerm } from '../../../lib/search-term';
import { useCurrentSession } from '../../auth';
import { LoadError, SKELETON_ROW_HEIGHT, useIsNarrow } from '../../event-setup';
import { useGym } from '../../events';
import { useAthletes, useExportAthletesCsv } from '../api/athletes';
import { useTags } from '../api/tags';
import { defaultFilters, filtersFromParams, isFiltered, paramsOf, type AthleteFilters } from '../lib/filters';
import { AthleteFiltersBar } from './athlete-filters';
import { BulkBar, EmailDialog, TagDialog, type TagAction } from './bulk-actions';

/** Light badges with text dark enough for 4.5:1 (axe color-contrast). */
const stateColors: Record<MembershipState, { color: string; c: string }> = {
  active: { color: 'teal', c: '#0b5e45' },
  trial: { color: 'blue', c: '#1c4f8a' },
  on_hold: { color: 'yellow', c: '#6b4a00' },
  cancelled: { color: 'red', c: '#8f1d1d' },
  none: { color: 'gray', c: '#343a40' },
};

export function MembershipBadge({ state }: { state: MembershipState }) {
  return (
    <Badge variant="light" radius="sm" color={stateColors[state].color} c={stateColors[state].c} style={{ minWidth: 'max-content' }}>
      {membershipStateLabels[state]}
    </Badge>
  );
}

function TagBadges({ row }: { row: AthleteListRow }) {
  if (row.tags.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {row.tags.map((t) => (
        <Badge key={t.tagId} variant="outline" color="gray" c="#343a40" radius="sm" size="sm" tt="none" maw="100%" style={{ flexShrink: 0 }}>
          {t.name}
        </Badge>
      ))}
    </Group>
  );
}

function Flags({ row }: { row: AthleteListRow }) {
  return (
    <Group gap={4} wrap="wrap">
      {row.hasPastDueBills && (
        <Badge color="red" variant="light" c="#8f1d1d" radius="sm" size="sm" tt="none">
          Past due
        </Badge>
      )}
      {row.hasUnsignedDocuments && (
        <Badge color="orange" variant="light" c="#7a3a00" radius="sm" size="sm" tt="none" maw="none">
          Unsigned document
        </Badge>
      )}
    </Group>
  );
}

const detailPath = (row: AthleteListRow) => `/users/athletes/${row.athleteId}/overview`;

function NameCell({ row, withAvatar = true }: { row: AthleteListRow; withAvatar?: boolean }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {withAvatar && (
        <Avatar src={row.profilePicture} alt="" size={32} radius="xl" name={row.fullName} color="gray" styles={{ placeholder: { color: '#343a40' } }} />
      )}
      <Anchor component={Link} to={detailPath(row)} fw={600} size="sm">
        {row.fullName || 'Unnamed athlete'}
      </Anchor>
    </Group>
  );
}

type Gym = { country: GymCountry; timeZone: string };
const localDate = (iso: string | null, gym: Gym, never = 'Never') => (iso ? formatDate(toZoned(new Date(iso), gym.timeZone).date, gym.country) : never);

/** The filters in the address (so Back from an athlete returns to them), with the search box's text debounced into them. */
function useAthleteFilters() {
  const [params, setParams] = useSearchParams();
  const { page, ...filters } = useMemo(() => filtersFromParams(params), [params]);
  const [searchText, setSearchText] = useState(filters.search);
  const debounced = useSearchTerm(searchText);
  const set = (next: Partial<AthleteFilters>, nextPage = 1) => setParams(paramsOf({ ...filters, ...next }, nextPage), { replace: true });
  useEffect(() => {
    if (debounced !== filters.search) setParams(paramsOf({ ...filters, search: debounced }, 1), { replace: true });
    // Only a new debounced text moves the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const clear = () => {
    setSearchText('');
    setParams(paramsOf(defaultFilters, 1), { replace: true });
  };
  return { filters, page, set, setPage: (p: number) => set({}, p), searchText, setSearchText, clear };
}

function Empty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="md">
        <Text ta="center">{children}</Text>
        {action}
      </Stack>
    </Paper>
  );
}

const sortLabels: { value: string; label: string }[] = [
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'name:desc', label: 'Name Z–A' },
  { value: 'lastVisit:asc', label: 'Last visit, oldest first' },
  { value: 'lastVisit:desc', label: 'Last visit, newest first' },
  { value: 'created:desc', label: 'Joined, newest first' },
  { value: 'created:asc', label: 'Joined, oldest first' },
];

/** Issue 17, spec 2.7 `/users/athletes` and 2.8 `/athletes`: the gym's athletes, searched, filtered, sorted, exported, acted on in bulk. */
export function AthletesPage() {
  const session = useCurrentSession();
  const gymQuery = useGym(session.gym?.gymId ?? '');
  const gym: Gym = { country: gymQuery.data?.country ?? 'US', timeZone: gymQuery.data?.timeZone ?? 'America/Chicago' };
  const { filters, page, set, setPage, searchText, setSearchText, clear } = useAthleteFilters();
  const athletes = useAthletes(filters, page);
  const tags = useTags();
  const exportCsv = useExportAthletesCsv();
  const isNarrow = useIsNarrow();
  const [selected, setSelected] = useState<AthleteListRow[]>([]);
  const [tagAction, setTagAction] = useState<TagAction | null>(null);
  const [emailOpen, setEmailOpen] = useState(false);

  const rows = athletes.data?.results ?? [];
  const count = athletes.data?.count ?? 0;
  const selectedIds = selected.map((r) => r.athleteId);
  const selection = { athleteIds: selectedIds, onDone: () => setSelected([]) };
  const toggle = (row: AthleteListRow, on: boolean) =>
    setSelected((s) => (on ? [...s.filter((r) => r.athleteId !== row.athleteId), row] : s.filter((r) => r.athleteId !== row.athleteId)));

  const addButton = (
    <Group gap="xs">
      <ImportAthletesButton athletesListPath={isNarrow ? '/athletes' : '/users/athletes'} />
      <AddAthleteButton />
    </Group>
  );
  const empty = isFiltered(filters) ? (
    <Empty
      action={
        <Button variant="default" onClick={clear}>
          Clear filters
        </Button>
      }
    >
      No results found
    </Empty>
  ) : (
    <Empty action={addButton}>No athletes yet. Import your members from a CSV file exported by your old gym software, or add your first athlete.</Empty>
  );

  const columns: DataTableColumn<AthleteListRow>[] = [
    { accessor: 'name', title: 'Name', sortable: true, noWrap: true, render: (row) => <NameCell row={row} withAvatar={false} /> },
    {
      accessor: 'membershipState',
      title: 'Membership',
      render: (row) => (
        <Stack gap={4} align="flex-start">
          <MembershipBadge state={row.membershipState} />
          <Flags row={row} />
        </Stack>
      ),
    },
    { accessor: 'email', title: 'Email', ellipsis: true, width: 180, render: (row) => row.email ?? '' },
    { accessor: 'phone', title: 'Phone', noWrap: true, render: (row) => formatPhone(row.phone, phoneCountry(gym.country)) },
    { accessor: 'tags', title: 'Tags', width: 140, render: (row) => <TagBadges row={row} /> },
    { accessor: 'lastVisit', title: 'Last visit', sortable: true, noWrap: true, render: (row) => localDate(row.lastVisitAt, gym) },
    { accessor: 'created', title: 'Joined', sortable: true, noWrap: true, render: (row) => localDate(row.createdAt, gym, '') },
  ];
  const sortStatus: DataTableSortStatus<AthleteListRow> = { columnAccessor: filters.sort, direction: filters.order };

  const range = count === 0 ? '' : `${(page - 1) * ATHLETES_PAGE_SIZE + 1}–${Math.min(count, page * ATHLETES_PAGE_SIZE)} of ${count}`;

  let body: ReactNode;
  if (athletes.isError) body = <LoadError />;
  else if (athletes.isPending) {
    body = (
      <Stack role="status" gap={6} aria-busy="true" aria-label="Loading athletes">
        {Array.from({ length: isNarrow ? 5 : 10 }, (_, i) => (
          <Skeleton key={i} height={isNarrow ? SKELETON_ROW_HEIGHT * 2.5 : SKELETON_ROW_HEIGHT} radius="sm" data-testid="skeleton-row" />
        ))}
      </Stack>
    );
  } else if (rows.length === 0) body = empty;
  else if (isNarrow) {
    body = (
      <>
        <Select
          label="Sort by"
          data={sortLabels}
          value={`${filters.sort}:${filters.order}`}
          onChange={(v) => {
            if (!v) return;
            const [sort, order] = v.split(':') as [AthleteSortKey, 'asc' | 'desc'];
            set({ sort, order });
          }}
          allowDeselect={false}
          mb="sm"
          maw={280}
        />
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Athletes" aria-busy={athletes.isFetching}>
          {rows.map((row) => (
            <Card key={row.athleteId} component="li" withBorder radius="md" padding="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                  <Checkbox
                    mt={6}
                    aria-label={`Select ${row.fullName}`}
                    checked={selectedIds.includes(row.athleteId)}
                    onChange={(e) => toggle(row, e.currentTarget.checked)}
                  />
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <NameCell row={row} />
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {[formatPhone(row.phone, phoneCountry(gym.country)), row.email].filter(Boolean).join(' · ') || 'No phone or email'}
                    </Text>
                    <Text size="xs" c="dimmed">{`Last visit: ${localDate(row.lastVisitAt, gym)}`}</Text>
                    <TagBadges row={row} />
                    <Flags row={row} />
                  </Stack>
                </Group>
                <MembershipBadge state={row.membershipState} />
              </Group>
            </Card>
          ))}
        </Stack>
        <CardListPager page={page} pageSize={ATHLETES_PAGE_SIZE} count={count} onPage={setPage} range={range} />
      </>
    );
  } else {
    body = (
      <DataTable<AthleteListRow>
        aria-label="Athletes"
        withTableBorder
        borderRadius="md"
        highlightOnHover
        verticalSpacing={6}
        minHeight={200}
        idAccessor="athleteId"
        records={rows}
        columns={columns}
        fetching={athletes.isFetching && athletes.isPlaceholderData}
        sortStatus={sortStatus}
        onSortStatusChange={(s) => set({ sort: s.columnAccessor as AthleteSortKey, order: s.direction })}
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        allRecordsSelectionCheckboxProps={{ 'aria-label': 'Select every athlete on this page' }}
        getRecordSelectionCheckboxProps={(row) => ({ 'aria-label': `Select ${row.fullName}` })}
        totalRecords={count}
        recordsPerPage={ATHLETES_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
        getPaginationItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        getPaginationControlProps={(control) => ({ 'aria-label': `${control.charAt(0).toUpperCase()}${control.slice(1)} page` })}
        noRecordsText="No results found"
      />
    );
  }

  return (
    <>
      <PageHeader title="Athletes" actions={addButton} />
      <AthleteFiltersBar
        filters={filters}
        searchText={searchText}
        onSearchText={setSearchText}
        onChange={(next) => set(next)}
        onClear={clear}
        tags={tags.data?.results ?? []}
        onExport={() => exportCsv.mutate(filters)}
        isExporting={exportCsv.isPending}
        isNarrow={isNarrow}
      />
      {selected.length > 0 && <BulkBar count={selected.length} onTag={setTagAction} onEmail={() => setEmailOpen(true)} onClear={() => setSelected([])} />}
      {body}
      <TagDialog action={tagAction} tags={tags.data?.results ?? []} selection={selection} onClose={() => setTagAction(null)} />
      <EmailDialog opened={emailOpen} selection={selection} onClose={() => setEmailOpen(false)} />
    </>
  );
}
