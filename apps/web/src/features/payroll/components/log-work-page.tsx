import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { formatDate, formatTime, hasPermission, toZoned, type GymCountry, type WorkEntry } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { useCurrentSession } from '../../auth';
import { ConfirmDialog, RowActions, SetupEmpty, SetupTable, type Column, type Confirmation } from '../../event-setup';
import { useDeleteWorkEntry, useReviewWorkEntry, useWorkEntries } from '../api/payroll';
import { usePayrollGym } from '../api/use-payroll-gym';
import { WorkEntryForm } from './work-entry-form';

export function hoursText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}

const statusColor = { pending: 'yellow', approved: 'green', rejected: 'red' } as const;
const statusWords = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } as const;

function whenText(e: WorkEntry, country: GymCountry, timeZone: string): string {
  const day = formatDate(e.date, country);
  if (!e.startsAt || !e.endsAt) return day;
  const t = (iso: string) => formatTime(toZoned(new Date(iso), timeZone).time, country);
  return `${day}, ${t(e.startsAt)}–${t(e.endsAt)}`;
}

/** Approve at once, or reject with the reason the staff member will read. */
function RejectDialog({ entry, onClose }: { entry: WorkEntry | null; onClose: () => void }) {
  const review = useReviewWorkEntry();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened={entry !== null} onClose={onClose} title="Reject entry" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!entry) return;
          if (reason.trim() === '') return setError('Give a reason for the rejection.');
          review.mutate(
            { workEntryId: entry.workEntryId, decision: 'reject', reason: reason.trim() },
            {
              onSuccess: () => {
                setReason('');
                setError(null);
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Textarea label="Reason" required data-autofocus maxLength={500} value={reason} error={error} onChange={(e) => setReason(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" loading={review.isPending}>
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Issue 37, spec 2.7 `/log-work`: every staff member logs their own time; a holder of PayrollMutate approves it. */
export function LogWorkPage() {
  const session = useCurrentSession();
  const canReview = hasPermission(session, 'PayrollMutate');
  const { country, timeZone, today } = usePayrollGym();
  const mine = useWorkEntries('mine', 'any');
  const pending = useWorkEntries('all', 'pending', canReview);
  const remove = useDeleteWorkEntry();
  const review = useReviewWorkEntry();
  const [editing, setEditing] = useState<WorkEntry | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [rejecting, setRejecting] = useState<WorkEntry | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const openNew = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const when = (e: WorkEntry) => whenText(e, country, timeZone);
  const columns: Column<WorkEntry>[] = [
    {
      header: 'When',
      isCardTitle: true,
      cell: (e) => (
        <Text fw={600} size="sm">
          {when(e)}
        </Text>
      ),
    },
    { header: 'Category', cell: (e) => e.categoryName },
    { header: 'Time', cell: (e) => hoursText(e.minutes) },
    { header: 'Note', cell: (e) => e.note || '—' },
    {
      header: 'Status',
      cell: (e) => (
        <Stack gap={2} align="flex-end" style={{ alignItems: 'inherit' }}>
          <Badge variant="light" color={statusColor[e.status]} c={e.status === 'pending' ? '#6b4e00' : undefined} radius="sm">
            {statusWords[e.status]}
          </Badge>
          {e.status === 'rejected' && <Text size="xs">{e.reviewReason}</Text>}
        </Stack>
      ),
    },
    {
      header: 'Actions',
      isActions: true,
      cell: (e) =>
        e.canEdit ? (
          <RowActions
            name={`entry of ${when(e)}`}
            actions={['edit', 'delete']}
            onAction={(a) => {
              if (a === 'edit') {
                setEditing(e);
                setFormOpen(true);
              } else
                setConfirmation({
                  title: 'Delete entry?',
                  message: `Your ${hoursText(e.minutes)} of ${e.categoryName} on ${when(e)} will be deleted.`,
                  confirmLabel: 'Delete',
                  isDanger: true,
                  run: () => remove.mutate(e.workEntryId, { onSettled: () => setConfirmation(null) }),
                });
            }}
          />
        ) : null,
    },
  ];
  const reviewColumns: Column<WorkEntry>[] = [
    {
      header: 'Staff member',
      isCardTitle: true,
      cell: (e) => (
        <Text fw={600} size="sm">
          {e.staffName}
        </Text>
      ),
    },
    { header: 'When', cell: when },
    { header: 'Category', cell: (e) => e.categoryName },
    { header: 'Time', cell: (e) => hoursText(e.minutes) },
    { header: 'Note', cell: (e) => e.note || '—' },
    {
      header: 'Review',
      cell: (e) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            aria-label={`Approve ${e.staffName}, ${when(e)}`}
            loading={review.isPending && review.variables?.workEntryId === e.workEntryId}
            onClick={() => review.mutate({ workEntryId: e.workEntryId, decision: 'approve', reason: '' })}
          >
            Approve
          </Button>
          <Button size="xs" variant="default" aria-label={`Reject ${e.staffName}, ${when(e)}`} onClick={() => setRejecting(e)}>
            Reject
          </Button>
        </Group>
      ),
    },
  ];
  const noStaffRecord = session.staff === null;

  return (
    <>
      <PageHeader title="Log Work" actions={noStaffRecord ? undefined : <Button onClick={openNew}>Log time</Button>} />
      <Text c="dimmed" size="sm" mb="md" mt={-8}>
        Log the time you work outside classes and appointments (front desk, cleaning, admin). You can change an entry until it is approved.
      </Text>
      <SetupTable
        label="My entries"
        columns={columns}
        rows={mine.data?.results}
        rowKey={(e) => e.workEntryId}
        count={mine.data?.results.length ?? 0}
        page={1}
        onPageChange={() => {}}
        isPending={mine.isPending}
        isError={mine.isError}
        empty={
          <SetupEmpty action={noStaffRecord ? undefined : <Button onClick={openNew}>Log time</Button>}>
            No time logged yet. Log a shift with its start and end, or a duration.
          </SetupEmpty>
        }
        pageSize={500}
      />
      {canReview && (
        <>
          <Title order={2} size="h3" mt="xl" mb="sm">
            To approve
          </Title>
          <SetupTable
            label="Entries to approve"
            columns={reviewColumns}
            rows={pending.data?.results}
            rowKey={(e) => e.workEntryId}
            count={pending.data?.results.length ?? 0}
            page={1}
            onPageChange={() => {}}
            isPending={pending.isPending}
            isError={pending.isError}
            empty={<SetupEmpty>Nothing waits for approval. Entries your staff log appear here; approved hours are paid in the payroll report.</SetupEmpty>}
            pageSize={500}
          />
        </>
      )}
      <WorkEntryForm opened={formOpen} onClose={() => setFormOpen(false)} entry={editing} today={today} timeZone={timeZone} />
      <RejectDialog entry={rejecting} onClose={() => setRejecting(null)} />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} isPending={remove.isPending} />
    </>
  );
}
