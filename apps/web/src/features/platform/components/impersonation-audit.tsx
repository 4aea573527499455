import { useState } from 'react';
import { Badge, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import type { ImpersonationAudit } from '@spotter/shared';
import { useImpersonations } from '../api/get-impersonations';
import { PlatformTable, type Column } from './platform-table';

const columns: Column<ImpersonationAudit>[] = [
  { header: 'When', isCardTitle: true, cell: (a) => dayjs(a.createdAt).format('MMM D, YYYY h:mm:ss A') },
  {
    header: 'Who',
    cell: (a) => (
      <Stack gap={0}>
        <Text size="sm">{a.platformStaff.fullName}</Text>
        <Text size="xs" c="dimmed">
          {a.platformStaff.email}
        </Text>
      </Stack>
    ),
  },
  {
    header: 'Profile',
    cell: (a) =>
      a.profile ? (
        <Text size="sm">
          {a.profile.fullName} ({a.profile.role.toUpperCase()})
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Removed profile
        </Text>
      ),
  },
  {
    header: 'Action',
    cell: (a) => (
      <Badge variant="light" color={a.action === 'start' ? 'blue' : 'gray'}>
        {a.action === 'start' ? 'Start' : 'Stop'}
      </Badge>
    ),
  },
  { header: 'Address', cell: (a) => a.ip ?? '—' },
];

/** Decision 008: every impersonation start and stop in the gym, newest first. */
export function ImpersonationAuditList({ gymId }: { gymId: string }) {
  const [page, setPage] = useState(1);
  const audit = useImpersonations(gymId, page);
  return (
    <section aria-labelledby="impersonation-audit-title">
      <Title order={2} size="h3" mt="xl" mb="sm" id="impersonation-audit-title">
        Impersonation audit trail
      </Title>
      <PlatformTable
        label="Impersonation audit trail"
        columns={columns}
        rows={audit.data?.results}
        rowKey={(a) => a.impersonationAuditId}
        count={audit.data?.count ?? 0}
        page={page}
        onPageChange={setPage}
        isPending={audit.isPending}
        isError={audit.isError}
      />
    </section>
  );
}
