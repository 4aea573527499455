import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { formatMoney, type AppointmentType } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { useAppointmentTypeAction, useAppointmentTypes } from '../api/appointment-types';
import { useExportCsv } from '../api/export-csv';
import { useEventSetupOptions } from '../api/options';
import { lateCancelSummary } from '../lib/describe';
import { AppointmentTypeForm } from './appointment-type-form';
import { ConfirmDialog, RowActions, SetupEmpty, SetupToolbar, StatusBadge, TypeName, rowActionsFor, type Confirmation, type RowAction } from './setup-parts';
import { SetupTable, type Column } from './setup-table';
import { useSetupGym, useSetupList } from './use-setup-list';

/** Up to two names, then '+N'. */
export function coachesText(t: Pick<AppointmentType, 'coaches'>): string {
  if (t.coaches.length === 0) return 'No coach yet';
  const names = t.coaches.slice(0, 2).map((c) => c.fullName);
  return t.coaches.length > 2 ? `${names.join(', ')} +${t.coaches.length - 2}` : names.join(', ');
}

/** Issue 16, spec 2.7 `/events/appointments`: the gym's appointment types, their price, coaches and cancellation fees. */
export function AppointmentTypesPage() {
  const list = useSetupList();
  const types = useAppointmentTypes(list.params);
  const gym = useSetupGym();
  const options = useEventSetupOptions();
  const act = useAppointmentTypeAction();
  const exportCsv = useExportCsv('appointmentTypesCsv', 'appointment-types.csv');
  const [editing, setEditing] = useState<AppointmentType | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const openNew = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const onAction = (t: AppointmentType, action: RowAction) => {
    if (action === 'edit') {
      setEditing(t);
      setFormOpen(true);
      return;
    }
    const texts = {
      archive: {
        title: 'Archive appointment type?',
        message: `${t.name} will no longer be offered for new appointments. Its history is kept and you can restore it later.`,
      },
      restore: { title: 'Restore appointment type?', message: `${t.name} will be offered for new appointments again.` },
      delete: { title: 'Delete appointment type?', message: `${t.name} will be deleted for good. No appointment uses it yet.` },
    }[action];
    const confirmLabel = { archive: 'Archive', restore: 'Restore', delete: 'Delete' }[action];
    setConfirmation({
      ...texts,
      confirmLabel,
      isDanger: action === 'delete',
      run: () => act.mutate({ appointmentTypeId: t.appointmentTypeId, name: t.name, action }, { onSettled: () => setConfirmation(null) }),
    });
  };

  const columns: Column<AppointmentType>[] = [
    { header: 'Name', isCardTitle: true, cell: (t) => <TypeName name={t.name} color={t.color} /> },
    { header: 'Duration', cell: (t) => (t.bufferMinutes > 0 ? `${t.durationMinutes} min + ${t.bufferMinutes} min buffer` : `${t.durationMinutes} min`) },
    { header: 'Price', cell: (t) => formatMoney(t.priceMinor, gym.country) },
    { header: 'Capacity', cell: (t) => t.capacity },
    {
      header: 'Coaches',
      cell: (t) => (
        <Text size="sm" c={t.coaches.length === 0 ? 'dimmed' : undefined}>
          {coachesText(t)}
        </Text>
      ),
    },
    {
      header: 'Cancellation',
      cell: (t) => (
        <Stack gap={0}>
          <Text size="sm">{`Late cancel ${formatMoney(t.cancellationFeeMinor, gym.country)} · no-show ${formatMoney(t.noShowFeeMinor, gym.country)}`}</Text>
          <Text size="xs" c="dimmed">
            {lateCancelSummary(t.lateCancelCutoffMinutes)}
          </Text>
        </Stack>
      ),
    },
    { header: 'Status', cell: (t) => <StatusBadge isArchived={t.isArchived} /> },
    { header: 'Actions', isActions: true, cell: (t) => <RowActions name={t.name} actions={rowActionsFor(t)} onAction={(a) => onAction(t, a)} /> },
  ];

  const empty =
    list.params.search !== '' ? (
      <SetupEmpty>No results found</SetupEmpty>
    ) : list.status === 'archived' ? (
      <SetupEmpty>No archived appointment types.</SetupEmpty>
    ) : (
      <SetupEmpty
        action={
          <Button onClick={openNew} disabled={!gym.isReady}>
            New appointment type
          </Button>
        }
      >
        No appointment types yet. Create your first one (personal training, an intro session) and choose the coaches who offer it.
      </SetupEmpty>
    );

  return (
    <>
      <PageHeader
        title="Appointments"
        actions={
          <Button onClick={openNew} disabled={!gym.isReady}>
            New appointment type
          </Button>
        }
      />
      <Text c="dimmed" size="sm" mb="md" mt={-8}>
        One-to-one and small-group sessions athletes book with a coach: their length, price, coaches and cancellation fees.
      </Text>
      <SetupToolbar
        status={list.status}
        onStatus={list.setStatus}
        search={list.search}
        onSearch={list.setSearch}
        searchLabel="Search appointment types"
        onExport={() => exportCsv.mutate({ status: list.status, search: list.params.search })}
        isExporting={exportCsv.isPending}
      />
      <SetupTable
        label="Appointment types"
        columns={columns}
        rows={types.data?.results}
        rowKey={(t) => t.appointmentTypeId}
        count={types.data?.count ?? 0}
        page={list.page}
        onPageChange={list.setPage}
        isPending={types.isPending}
        isError={types.isError}
        empty={empty}
      />
      <AppointmentTypeForm
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        appointmentType={editing}
        country={gym.country}
        isTaxInclusive={gym.isTaxInclusive}
        options={options.data}
        gymRateName={gym.gymRateName}
      />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} isPending={act.isPending} />
    </>
  );
}
