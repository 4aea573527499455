import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { formatMoney, type ClassType, type GymCountry } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { useClassTypeAction, useClassTypes } from '../api/class-types';
import { useExportCsv } from '../api/export-csv';
import { useEventSetupOptions } from '../api/options';
import { bookingWindowSummary, lateCancelSummary, waitlistSummary } from '../lib/describe';
import { ClassTypeForm } from './class-type-form';
import { ConfirmDialog, RowActions, SetupEmpty, SetupToolbar, StatusBadge, TypeName, rowActionsFor, type Confirmation, type RowAction } from './setup-parts';
import { SetupTable, type Column } from './setup-table';
import { useSetupGym, useSetupList } from './use-setup-list';

function feesCell(t: ClassType, country: GymCountry) {
  const late = (
    <Text size="xs" c="dimmed">
      {lateCancelSummary(t.lateCancelCutoffMinutes)}
    </Text>
  );
  if (t.cancellationFeeMinor === 0 && t.noShowFeeMinor === 0) {
    return (
      <Stack gap={0}>
        <Text size="sm">No fees</Text>
        {late}
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm">{`Late cancel ${formatMoney(t.cancellationFeeMinor, country)}`}</Text>
      <Text size="sm">{`No-show ${formatMoney(t.noShowFeeMinor, country)}`}</Text>
      {late}
    </Stack>
  );
}

/** Issue 16, spec 2.7 `/events/classes`: the gym's class types with their booking window, waitlist and fees. */
export function ClassTypesPage() {
  const list = useSetupList();
  const types = useClassTypes(list.params);
  const gym = useSetupGym();
  const options = useEventSetupOptions();
  const act = useClassTypeAction();
  const exportCsv = useExportCsv('classTypesCsv', 'class-types.csv');
  const [editing, setEditing] = useState<ClassType | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const openNew = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const run = (t: ClassType, action: Exclude<RowAction, 'edit'>) =>
    act.mutate({ classTypeId: t.classTypeId, name: t.name, action }, { onSettled: () => setConfirmation(null) });
  const onAction = (t: ClassType, action: RowAction) => {
    if (action === 'edit') {
      setEditing(t);
      setFormOpen(true);
      return;
    }
    const upcoming = t.upcomingCount > 0 ? ` Its ${t.upcomingCount} ${t.upcomingCount === 1 ? 'class' : 'classes'} still to come stay on the schedule.` : '';
    const texts = {
      archive: {
        title: 'Archive class type?',
        message: `${t.name} will no longer be offered for new classes. Its history is kept and you can restore it later.${upcoming}`,
        confirmLabel: 'Archive',
      },
      restore: { title: 'Restore class type?', message: `${t.name} will be offered for new classes again.`, confirmLabel: 'Restore' },
      delete: { title: 'Delete class type?', message: `${t.name} will be deleted for good. Nothing uses it yet.`, confirmLabel: 'Delete', isDanger: true },
    }[action];
    setConfirmation({ ...texts, run: () => run(t, action) });
  };

  const columns: Column<ClassType>[] = [
    { header: 'Name', isCardTitle: true, cell: (t) => <TypeName name={t.name} color={t.color} /> },
    { header: 'Duration', cell: (t) => `${t.defaultDurationMinutes} min` },
    { header: 'Capacity', cell: (t) => t.defaultCapacity },
    {
      header: 'Booking',
      cell: (t) => (
        <Stack gap={0}>
          <Text size="sm">{bookingWindowSummary(t)}</Text>
          <Text size="xs" c="dimmed">
            {waitlistSummary(t)}
          </Text>
        </Stack>
      ),
    },
    { header: 'Fees', cell: (t) => feesCell(t, gym.country) },
    { header: 'Status', cell: (t) => <StatusBadge isArchived={t.isArchived} /> },
    {
      header: 'Actions',
      isActions: true,
      cell: (t) => <RowActions name={t.name} actions={rowActionsFor(t)} onAction={(a) => onAction(t, a)} />,
    },
  ];

  const isFiltered = list.params.search !== '';
  const empty = isFiltered ? (
    <SetupEmpty>No results found</SetupEmpty>
  ) : list.status === 'archived' ? (
    <SetupEmpty>No archived class types. Archive a class type you no longer run to keep its history out of the way.</SetupEmpty>
  ) : (
    <SetupEmpty
      action={
        <Button onClick={openNew} disabled={!gym.isReady}>
          New class type
        </Button>
      }
    >
      No class types yet. Create your first class type, then schedule its classes on the calendar.
    </SetupEmpty>
  );

  return (
    <>
      <PageHeader
        title="Classes"
        actions={
          <Group gap="sm">
            <Button onClick={openNew} disabled={!gym.isReady}>
              New class type
            </Button>
          </Group>
        }
      />
      <Text c="dimmed" size="sm" mb="md" mt={-8}>
        The kinds of class your gym runs: what a new class starts with, when athletes can book, the waitlist and the fees.
      </Text>
      <SetupToolbar
        status={list.status}
        onStatus={list.setStatus}
        search={list.search}
        onSearch={list.setSearch}
        searchLabel="Search class types"
        onExport={() => exportCsv.mutate({ status: list.status, search: list.params.search })}
        isExporting={exportCsv.isPending}
      />
      <SetupTable
        label="Class types"
        columns={columns}
        rows={types.data?.results}
        rowKey={(t) => t.classTypeId}
        count={types.data?.count ?? 0}
        page={list.page}
        onPageChange={list.setPage}
        isPending={types.isPending}
        isError={types.isError}
        empty={empty}
      />
      <ClassTypeForm
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        classType={editing}
        country={gym.country}
        isTaxInclusive={gym.isTaxInclusive}
        taxRates={options.data?.taxRates ?? []}
        gymRateName={gym.gymRateName}
      />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} isPending={act.isPending} />
    </>
  );
}
