import { useState } from 'react';
import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { demoCountdown, demoTypeLabel, formatGymInstant, type CreatedDemoGym, type DemoGym, type DemoGymState } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { useDemoGyms } from '../api/get-demo-gyms';
import { useListParams } from '../hooks/use-list-params';
import { useNow } from '../hooks/use-now';
import { CreateDemoGymModal } from './create-demo-gym-modal';
import { DemoCredentialsModal } from './demo-credentials-modal';
import { DemoGymActions } from './demo-gym-actions';
import { PlatformTable, type Column } from './platform-table';
import { SearchBox } from './search-box';
import { ToneBadge, type Tone } from './tone-badge';

const stateTones: Record<DemoGymState, Tone> = { active: 'green', expired: 'orange', inactive: 'gray' };

export function DemoStateBadge({ state }: { state: DemoGymState }) {
  return <ToneBadge tone={stateTones[state]}>{state}</ToneBadge>;
}

/**
 * The expiry in the gym's zone, named (the Demo Period Expired dialog says the same text: formatGymInstant), and the
 * time left (spec 4: 'Nd left', 'Nh left', 'Nm left') while there is some. Once passed, no countdown: the state says
 * expired. A PERSISTENT demo has no expiry.
 */
export function DemoExpiry({ demo, now }: { demo: Pick<DemoGym, 'expiresAt' | 'timeZone' | 'country'>; now: Date }) {
  if (!demo.expiresAt) {
    return (
      <Text size="sm" c="dimmed">
        No expiry
      </Text>
    );
  }
  const countdown = demoCountdown(demo.expiresAt, now);
  return (
    <Stack gap={2} align="flex-start" display="inline-flex">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatGymInstant(demo.expiresAt, demo)}
      </Text>
      {!countdown.isExpired && (
        <Badge variant="dot" color={countdown.color} tt="none" style={{ minWidth: 'max-content' }}>
          {countdown.text}
        </Badge>
      )}
    </Stack>
  );
}

function person(p: { name?: string | null; fullName?: string; email: string | null; phone?: string | null } | null) {
  if (!p)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={0} display="inline-flex">
      <Text size="sm">{p.fullName ?? p.name ?? '—'}</Text>
      {p.email && (
        <Text size="xs" c="dimmed">
          {p.email}
        </Text>
      )}
      {p.phone && (
        <Text size="xs" c="dimmed">
          {p.phone}
        </Text>
      )}
    </Stack>
  );
}

function demoColumns(now: Date): Column<DemoGym>[] {
  return [
    {
      header: 'Gym',
      isCardTitle: true,
      cell: (d) => (
        <Anchor component={Link} to={`/gyms/${d.gymId}/staff`} fw={600}>
          {d.title}
        </Anchor>
      ),
    },
    {
      header: 'Type',
      cell: (d) => <ToneBadge tone="grape">{demoTypeLabel(d.type)}</ToneBadge>,
    },
    { header: 'State', cell: (d) => <DemoStateBadge state={d.state} /> },
    { header: 'Expires', cell: (d) => <DemoExpiry demo={d} now={now} /> },
    { header: 'Owner', cell: (d) => person(d.owner) },
    { header: 'Prospect', cell: (d) => person(d.prospect) },
    { header: 'Actions', cell: (d) => <DemoGymActions demo={d} /> },
  ];
}

/** Spec 2.6 / decision 008: demo gyms with their state and time left; create, extend, deactivate, reactivate. */
export function DemoGymsPage() {
  const { search, setSearch, page, setPage, params } = useListParams();
  const demoGyms = useDemoGyms(params);
  // The countdown is never older than the answer it describes (useNow ticks once a minute).
  const tick = useNow();
  const now = new Date(Math.max(tick.getTime(), demoGyms.dataUpdatedAt));
  const [formOpened, form] = useDisclosure(false);
  const [created, setCreated] = useState<CreatedDemoGym | null>(null);
  return (
    <>
      <PageHeader title="Demo Gyms" actions={<Button onClick={form.open}>Create demo gym</Button>} />
      <SearchBox label="Search demo gyms" placeholder="Search by gym, prospect or owner" value={search} onChange={setSearch} />
      <PlatformTable
        label="Demo gyms"
        minWidth={1040}
        columns={demoColumns(now)}
        rows={demoGyms.data?.results}
        rowKey={(d) => d.demoGymId}
        count={demoGyms.data?.count ?? 0}
        page={page}
        onPageChange={setPage}
        isPending={demoGyms.isPending}
        isError={demoGyms.isError}
      />
      <CreateDemoGymModal
        opened={formOpened}
        onClose={form.close}
        onCreated={(demo) => {
          form.close();
          setCreated(demo);
        }}
      />
      <DemoCredentialsModal created={created} onClose={() => setCreated(null)} />
    </>
  );
}
