import { useState } from 'react';
import { Button, SegmentedControl, Text } from '@mantine/core';
import { payRateKindLabels, type PayRate } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { ConfirmDialog, RowActions, SetupEmpty, SetupTable, StatusBadge, useSetupGym, type Column, type Confirmation, type RowAction } from '../../event-setup';
import { usePayRateAction, usePayRates } from '../api/payroll';
import { PayRateForm } from './pay-rate-form';
import { rateTerms } from './pay-rate-terms';

/** Issue 37, spec 2.7 `/payroll/pay-rates` (PayrollMutate): the gym's named pay rates. */
export function PayRatesPage() {
  const [status, setStatus] = useState<'active' | 'archived'>('active');
  const rates = usePayRates(status);
  const act = usePayRateAction();
  const { country } = useSetupGym();
  const [editing, setEditing] = useState<PayRate | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const openNew = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const onAction = (r: PayRate, action: RowAction) => {
    if (action === 'edit') {
      setEditing(r);
      setFormOpen(true);
      return;
    }
    const texts =
      action === 'archive'
        ? {
            title: 'Archive pay rate?',
            message: `${r.name} can no longer be assigned. Where it is assigned it keeps paying, so past pay does not change.`,
            confirmLabel: 'Archive',
          }
        : action === 'restore'
          ? { title: 'Restore pay rate?', message: `${r.name} can be assigned again.`, confirmLabel: 'Restore' }
          : { title: 'Delete pay rate?', message: `${r.name} has never been assigned and will be deleted.`, confirmLabel: 'Delete', isDanger: true };
    setConfirmation({ ...texts, run: () => act.mutate({ payRateId: r.payRateId, name: r.name, action }, { onSettled: () => setConfirmation(null) }) });
  };

  const columns: Column<PayRate>[] = [
    {
      header: 'Name',
      isCardTitle: true,
      cell: (r) => (
        <Text fw={600} size="sm">
          {r.name}
        </Text>
      ),
    },
    { header: 'Kind', cell: (r) => payRateKindLabels[r.kind] },
    { header: 'Terms', cell: (r) => rateTerms(r, country) },
    { header: 'Assigned', cell: (r) => (r.inUse ? 'Yes' : 'No') },
    { header: 'Status', cell: (r) => <StatusBadge isArchived={r.isArchived} /> },
    {
      header: 'Actions',
      isActions: true,
      cell: (r) => (
        <RowActions
          name={r.name}
          actions={['edit', r.isArchived ? 'restore' : 'archive', ...(r.inUse ? [] : (['delete'] as const))]}
          onAction={(a) => onAction(r, a)}
        />
      ),
    },
  ];
  const empty =
    status === 'archived' ? (
      <SetupEmpty>No archived pay rates. Archive a rate you no longer pay; where it was assigned, past pay keeps it.</SetupEmpty>
    ) : (
      <SetupEmpty action={<Button onClick={openNew}>New pay rate</Button>}>
        No pay rates yet. Create a rate (per class, by attendance, hourly, per appointment or commission), then assign it to your staff.
      </SetupEmpty>
    );
  const list = rates.data?.results;

  return (
    <>
      <PageHeader title="Pay Rates" actions={<Button onClick={openNew}>New pay rate</Button>} />
      <Text c="dimmed" size="sm" mb="md" mt={-8}>
        What the gym pays for classes, appointments, hours and sales. Once a rate is assigned its amounts are fixed; to change pay, assign a new rate from the
        date it applies.
      </Text>
      <SegmentedControl
        aria-label="Show"
        mb="md"
        value={status}
        onChange={(v) => setStatus(v as 'active' | 'archived')}
        data={[
          { value: 'active', label: 'Active' },
          { value: 'archived', label: 'Archived' },
        ]}
      />
      <SetupTable
        label="Pay rates"
        columns={columns}
        rows={list}
        rowKey={(r) => r.payRateId}
        count={list?.length ?? 0}
        page={1}
        onPageChange={() => {}}
        isPending={rates.isPending}
        isError={rates.isError}
        empty={empty}
        pageSize={1000}
      />
      <PayRateForm opened={formOpen} onClose={() => setFormOpen(false)} rate={editing} country={country} />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} isPending={act.isPending} />
    </>
  );
}
