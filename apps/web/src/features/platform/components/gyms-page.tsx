import { Anchor, Group, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { Link, useNavigate } from 'react-router';
import { countryNames, formatDate, type PlatformGym } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { useGyms } from '../api/get-gyms';
import { useListParams } from '../hooks/use-list-params';
import { PlatformTable, type Column } from './platform-table';
import { SearchBox } from './search-box';
import { ToneBadge, type Tone } from './tone-badge';

const statusTones: Record<PlatformGym['stripeStatus'], Tone> = { Active: 'green', Onboard: 'blue', Restricted: 'orange', Disabled: 'red' };

const gymPath = (gym: PlatformGym, people: 'athletes' | 'staff') => `/gyms/${gym.gymId}/${people}`;

const columns: Column<PlatformGym>[] = [
  {
    header: 'Gym',
    isCardTitle: true,
    cell: (gym) => (
      <Anchor component={Link} to={gymPath(gym, 'athletes')} fw={600}>
        {gym.title}
      </Anchor>
    ),
  },
  { header: 'Country', cell: (gym) => countryNames[gym.country] },
  {
    header: 'Owner',
    cell: (gym) =>
      gym.owner ? (
        <Stack gap={0}>
          <Text size="sm">{gym.owner.fullName}</Text>
          <Text size="xs" c="dimmed">
            {gym.owner.email}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No owner
        </Text>
      ),
  },
  // Issue 34 item 15: every athlete on file, member or not; the gym's dashboard counts "Active members" (a membership).
  { header: 'Athletes (not archived)', cell: (gym) => gym.activeAthletes },
  { header: 'Staff', cell: (gym) => gym.staffCount },
  {
    header: 'Payment status',
    cell: (gym) => <ToneBadge tone={statusTones[gym.stripeStatus]}>{gym.stripeStatus}</ToneBadge>,
  },
  { header: 'Created', cell: (gym) => formatDate(dayjs(gym.createdAt).format('YYYY-MM-DD'), gym.country) },
  {
    header: 'People',
    cell: (gym) => (
      <Group gap="sm" wrap="nowrap" justify="flex-end" display="inline-flex">
        <Anchor component={Link} to={gymPath(gym, 'athletes')} size="sm" aria-label={`Athletes of ${gym.title}`}>
          Athletes
        </Anchor>
        <Anchor component={Link} to={gymPath(gym, 'staff')} size="sm" aria-label={`Staff of ${gym.title}`}>
          Staff
        </Anchor>
      </Group>
    ),
  },
];

/** Spec 2.6: every real gym, searched and paged; a row opens that gym's athletes. */
export function GymsPage() {
  const { search, setSearch, page, setPage, params } = useListParams();
  const gyms = useGyms(params);
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Gyms" />
      <SearchBox label="Search gyms" placeholder="Search by gym, owner name or email" value={search} onChange={setSearch} />
      <PlatformTable
        label="Gyms"
        minWidth={960}
        columns={columns}
        rows={gyms.data?.results}
        rowKey={(gym) => gym.gymId}
        count={gyms.data?.count ?? 0}
        page={page}
        onPageChange={setPage}
        isPending={gyms.isPending}
        isError={gyms.isError}
        onRowClick={(gym) => void navigate(gymPath(gym, 'athletes'))}
      />
    </>
  );
}
