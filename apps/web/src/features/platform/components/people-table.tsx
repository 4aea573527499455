import { Badge, Button, Group, Text } from '@mantine/core';
import type { PlatformAthlete, PlatformStaff } from '@spotter/shared';
import { useGymAthletes, useGymStaff, type PeopleKind } from '../api/get-gym-people';
import { useImpersonate } from '../api/impersonate';
import { useListParams } from '../hooks/use-list-params';
import { PlatformTable, type Column } from './platform-table';
import { SearchBox } from './search-box';
import { ToneBadge } from './tone-badge';

type Person = { profileId: string; fullName: string; email: string | null; loginEnabled: boolean };

function ImpersonateButton({ person, impersonate }: { person: Person; impersonate: ReturnType<typeof useImpersonate> }) {
  const isRunning = impersonate.isPending && impersonate.variables === person.profileId;
  return (
    <Button
      size="xs"
      variant="light"
      onClick={() => impersonate.mutate(person.profileId)}
      loading={isRunning}
      disabled={!person.loginEnabled || (impersonate.isPending && !isRunning)}
      aria-label={`Impersonate ${person.fullName}`}
      title={person.loginEnabled ? undefined : 'Login is disabled for this profile'}
    >
      Impersonate
    </Button>
  );
}

function nameColumn<T extends Person>(): Column<T> {
  return { header: 'Name', isCardTitle: true, cell: (p) => p.fullName };
}

function emailColumn<T extends Person>(): Column<T> {
  return {
    header: 'Email',
    cell: (p) =>
      p.email ?? (
        <Text span size="sm" c="dimmed">
          No email
        </Text>
      ),
  };
}

function loginBadge(person: Person) {
  return person.loginEnabled ? null : (
    <Badge variant="light" color="gray">
      Login disabled
    </Badge>
  );
}

function athleteColumns(impersonate: ReturnType<typeof useImpersonate>): Column<PlatformAthlete>[] {
  return [
    nameColumn(),
    emailColumn(),
    {
      header: 'Status',
      cell: (a) => (
        <Group gap={4} display="inline-flex">
          <ToneBadge tone={a.isActive ? 'green' : 'gray'}>{a.isActive ? 'Active' : 'Inactive'}</ToneBadge>
          {loginBadge(a)}
        </Group>
      ),
    },
    { header: 'Action', cell: (a) => <ImpersonateButton person={a} impersonate={impersonate} /> },
  ];
}

function staffColumns(impersonate: ReturnType<typeof useImpersonate>): Column<PlatformStaff>[] {
  return [
    nameColumn(),
    emailColumn(),
    {
      header: 'Role',
      cell: (s) => (
        <Group gap={4} display="inline-flex">
          <Badge variant="light" color={s.role === 'owner' ? 'grape' : 'blue'}>
            {s.role.toUpperCase()}
          </Badge>
          {s.isCoach && (
            <Badge variant="light" color="gray">
              Coach
            </Badge>
          )}
          {loginBadge(s)}
        </Group>
      ),
    },
    { header: 'Action', cell: (s) => <ImpersonateButton person={s} impersonate={impersonate} /> },
  ];
}

/** A gym's athletes or staff, searched and paged, each with Impersonate (spec 6: only platform staff may). */
export function PeopleTable({ gymId, kind, gymTitle }: { gymId: string; kind: PeopleKind; gymTitle: string }) {
  const { search, setSearch, page, setPage, params } = useListParams();
  const athletes = useGymAthletes(gymId, params, kind === 'athletes');
  const staff = useGymStaff(gymId, params, kind === 'staff');
  const impersonate = useImpersonate();
  const noun = kind === 'athletes' ? 'athletes' : 'staff';
  const searchBox = <SearchBox label={`Search ${noun}`} placeholder="Search by name or email" value={search} onChange={setSearch} />;
  const common = { page, onPageChange: setPage, rowKey: (p: Person) => p.profileId, label: `${kind === 'athletes' ? 'Athletes' : 'Staff'} of ${gymTitle}` };
  return kind === 'athletes' ? (
    <>
      {searchBox}
      <PlatformTable
        {...common}
        columns={athleteColumns(impersonate)}
        rows={athletes.data?.results}
        count={athletes.data?.count ?? 0}
        isPending={athletes.isPending}
        isError={athletes.isError}
      />
    </>
  ) : (
    <>
      {searchBox}
      <PlatformTable
        {...common}
        columns={staffColumns(impersonate)}
        rows={staff.data?.results}
        count={staff.data?.count ?? 0}
        isPending={staff.isPending}
        isError={staff.isError}
      />
    </>
  );
}
