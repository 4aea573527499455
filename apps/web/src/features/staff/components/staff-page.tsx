import { useState } from 'react';
import { Anchor, Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import type { StaffMember, StaffStatus } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { useSearchTerm } from '../../../lib/search-term';
import { formatPhone } from '../../../lib/phone';
import { useCurrentSession } from '../../auth';
import { SetupEmpty, SetupTable, type Column } from '../../event-setup';
import { useStaffList } from '../api/get-staff-list';
import { STAFF_PAGE_SIZE } from '../api/query-keys';
import { permissionLabel } from '../lib/permission-groups';
import { InviteStaffModal } from './invite-staff-modal';
import { StaffBadges } from './staff-badges';
import { StaffEditor } from './staff-editor';

/** What a row says of the permissions: owners hold all; a short list otherwise. */
export function permissionsSummary(member: StaffMember): string {
  if (member.isOwner) return 'Everything (owner)';
  if (member.permissions.length === 0) return 'None';
  const names = member.permissions.map(permissionLabel);
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} +${names.length - 3}`;
}

const statusOptions: { value: StaffStatus; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
  { value: 'all', label: 'All' },
];

/** Issue 17, spec 2.7 `/users/staff`: the gym's staff, invited, edited, given permissions and deactivated (decision 029). */
export function StaffPage() {
  const session = useCurrentSession();
  const viewer = { isOwner: session.role === 'owner', staffId: session.staff?.staffId ?? null };
  const [status, setStatusValue] = useState<StaffStatus>('active');
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const search = useSearchTerm(searchText);
  const list = useStaffList({ status, search, page });
  const [isInviting, setInviting] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);

  const columns: Column<StaffMember>[] = [
    {
      header: 'Name',
      isCardTitle: true,
      cell: (m) => (
        <Group gap="xs" wrap="wrap">
          <Anchor component="button" type="button" fw={600} onClick={() => setOpenId(m.staffId)} aria-label={`Open ${m.fullName}`}>
            {m.fullName}
          </Anchor>
          <StaffBadges member={m} />
        </Group>
      ),
    },
    {
      header: 'Email',
      cell: (m) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {m.email}
        </Text>
      ),
    },
    { header: 'Phone', cell: (m) => (m.phone ? formatPhone(m.phone) : '—') },
    { header: 'Permissions', cell: (m) => permissionsSummary(m) },
    {
      header: 'Actions',
      isActions: true,
      cell: (m) => (
        <Button size="xs" variant="default" onClick={() => setOpenId(m.staffId)} aria-label={`Edit ${m.fullName}`}>
          Edit
        </Button>
      ),
    },
  ];

  const empty =
    search !== '' ? (
      <SetupEmpty>No results found</SetupEmpty>
    ) : status === 'deactivated' ? (
      <SetupEmpty>No deactivated staff. A deactivated staff member shows here until an owner reactivates them.</SetupEmpty>
    ) : (
      <SetupEmpty action={<Button onClick={() => setInviting(true)}>Invite staff</Button>}>
        No staff yet. Invite your coaches and front desk by email.
      </SetupEmpty>
    );

  return (
    <>
      <PageHeader title="Staff" actions={<Button onClick={() => setInviting(true)}>Invite staff</Button>} />
      <Text c="dimmed" size="sm" mb="md" mt={-8}>
        {viewer.isOwner
          ? 'Everyone who works at the gym: invite them, set what each may open, and deactivate who has left.'
          : 'Everyone who works at the gym. Only an owner changes permissions, the coach and owner flags, or deactivates.'}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
        <SegmentedControl
          aria-label="Show"
          value={status}
          onChange={(value) => {
            setStatusValue(value as StaffStatus);
            setPage(1);
          }}
          data={statusOptions}
        />
        <TextInput
          type="search"
          aria-label="Search staff"
          placeholder="Search by name, email or phone"
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flexGrow: 1, maxWidth: 360, minWidth: 200 }}
        />
      </Group>
      <SetupTable
        label="Staff"
        columns={columns}
        rows={list.data?.results}
        rowKey={(m) => m.staffId}
        count={list.data?.count ?? 0}
        page={page}
        onPageChange={setPage}
        isPending={list.isPending}
        isError={list.isError}
        empty={empty}
        pageSize={STAFF_PAGE_SIZE}
      />
      <InviteStaffModal
        opened={isInviting}
        onClose={() => setInviting(false)}
        canSetCoach={viewer.isOwner}
        onInvited={(staffId) => {
          setInviting(false);
          setOpenId(staffId);
        }}
      />
      <StaffEditor staffId={openId} onClose={() => setOpenId(null)} viewer={viewer} />
    </>
  );
}
