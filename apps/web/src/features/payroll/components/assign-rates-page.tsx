import { useEffect, useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatDate, kindsForTarget, payTargetLabels, payTargets, type PayAssignment, type PayTarget } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { ConfirmDialog, RowActions, SetupEmpty, SetupTable, type Column, type Confirmation } from '../../event-setup';
import { usePayrollGym } from '../api/use-payroll-gym';
import { useCreateAssignment, useDeleteAssignment, usePayAssignments, usePayRates, usePayrollOptions, useWorkCategories } from '../api/payroll';
import { fieldRefusal } from '../../../lib/form-refusal';

type AssignValues = { staffId: string | null; target: PayTarget; targetId: string | null; payRateId: string | null; startsOn: string };

/** Give a staff member a rate for one class type, appointment type, work category or their sales, from a date. */
export function AssignRateForm({ opened, onClose, staffId, today }: { opened: boolean; onClose: () => void; staffId: string | null; today: string }) {
  const options = usePayrollOptions();
  const categories = useWorkCategories();
  const rates = usePayRates('active');
  const create = useCreateAssignment();
  const form = useForm<AssignValues>({
    initialValues: { staffId, target: 'class_type', targetId: null, payRateId: null, startsOn: today },
    validate: {
      staffId: (v) => (v ? null : 'Choose a staff member.'),
      targetId: (v, all) => (all.target !== 'commission' && !v ? 'Choose what the rate pays for.' : null),
      payRateId: (v) => (v ? null : 'Choose a rate.'),
      startsOn: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? null : 'Enter the date the rate starts.'),
    },
  });
  useEffect(() => {
    if (opened) {
      form.setValues({ staffId, target: 'class_type', targetId: null, payRateId: null, startsOn: today });
      form.clearErrors();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  const target = form.values.target;
  const targetChoices =
    target === 'class_type'
      ? (options.data?.classTypes ?? []).map((c) => ({ value: c.id, label: c.name }))
      : target === 'appointment_type'
        ? (options.data?.appointmentTypes ?? []).map((c) => ({ value: c.id, label: c.name }))
        : (categories.data?.results ?? []).filter((c) => !c.isArchived).map((c) => ({ value: c.workCategoryId, label: c.name }));
  const rateChoices = (rates.data?.results ?? []).filter((r) => kindsForTarget[target].includes(r.kind)).map((r) => ({ value: r.payRateId, label: r.name }));
  const submit = form.onSubmit((v) =>
    create.mutate(
      { staffId: v.staffId!, target: v.target, targetId: v.target === 'commission' ? null : v.targetId, payRateId: v.payRateId!, startsOn: v.startsOn },
      {
        onSuccess: onClose,
        onError: (error) => {
          form.setErrors(fieldRefusal(error, Object.keys(form.values)));
        },
      },
    ),
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Assign a rate" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Select
            label="Staff member"
            required
            searchable
            data={(options.data?.staff ?? []).map((s) => ({ value: s.staffId, label: s.name }))}
            {...form.getInputProps('staffId')}
          />
          <Select
            label="Pays for"
            required
            allowDeselect={false}
            data={payTargets.map((t) => ({ value: t, label: payTargetLabels[t] }))}
            {...form.getInputProps('target')}
            onChange={(v) => {
              form.setFieldValue('target', (v ?? 'class_type') as PayTarget);
              form.setFieldValue('targetId', null);
              form.setFieldValue('payRateId', null);
            }}
          />
          {target !== 'commission' && <Select label={payTargetLabels[target]} required searchable data={targetChoices} {...form.getInputProps('targetId')} />}
          <Select
            label="Rate"
            required
            data={rateChoices}
            nothingFoundMessage="No active rate of a kind that pays for this: create one on Pay Rates."
            {...form.getInputProps('payRateId')}
          />
          <TextInput
            type="date"
            label="Starts on"
            required
            description="Pay from this date on uses this rate; earlier dates keep the rate they had."
            {...form.getInputProps('startsOn')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Assign rate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Issue 37, spec 2.7 `/payroll/assign-rates` (PayrollMutate): who is paid which rate for what, from when. */
export function AssignRatesPage() {
  const { country, today } = usePayrollGym();
  const [staffId, setStaffId] = useState<string | null>(null);
  const options = usePayrollOptions();
  const assignments = usePayAssignments(staffId);
  const remove = useDeleteAssignment();
  const [formOpen, setFormOpen] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const columns: Column<PayAssignment>[] = [
    {
      header: 'Staff member',
      isCardTitle: true,
      cell: (a) => (
        <Text fw={600} size="sm">
          {a.staffName}
        </Text>
      ),
    },
    { header: 'Pays for', cell: (a) => `${payTargetLabels[a.target]}: ${a.targetName}` },
    { header: 'Rate', cell: (a) => a.payRateName },
    { header: 'From', cell: (a) => formatDate(a.startsOn, country) },
    { header: 'Until', cell: (a) => (a.endsBefore ? `Replaced ${formatDate(a.endsBefore, country)}` : 'Current') },
    {
      header: 'Actions',
      isActions: true,
      cell: (a) => (
        <RowActions
          name={`${a.staffName}, ${a.targetName} from ${formatDate(a.startsOn, country)}`}
          actions={['delete']}
          onAction={() =>
            setConfirmation({
              title: 'Remove assignment?',
              message: `${a.staffName} will no longer be paid ${a.payRateName} for ${a.targetName} from ${formatDate(a.startsOn, country)}; the assignment before it applies again. Reports of those dates change.`,
              confirmLabel: 'Remove',
              isDanger: true,
              run: () => remove.mutate(a.assignmentId, { onSettled: () => setConfirmation(null) }),
            })
          }
        />
      ),
    },
  ];
  const list = assignments.data?.results;
  return (
    <>
      <PageHeader title="Assign Rates" actions={<Button onClick={() => setFormOpen(true)}>Assign rate</Button>} />
      <Text c="dimmed" size="sm" mb="md" mt={-8}>
        Each staff member&apos;s rate per class type, appointment type, work category and for their sales. A new assignment applies from its date only: past pay
        never changes.
      </Text>
      <Select
        label="Staff member"
        placeholder="Everyone"
        clearable
        searchable
        mb="md"
        maw={360}
        data={(options.data?.staff ?? []).map((s) => ({ value: s.staffId, label: s.name }))}
        value={staffId}
        onChange={setStaffId}
      />
      <SetupTable
        label="Rate assignments"
        columns={columns}
        rows={list}
        rowKey={(a) => a.assignmentId}
        count={list?.length ?? 0}
        page={1}
        onPageChange={() => {}}
        isPending={assignments.isPending}
        isError={assignments.isError}
        empty={
          <SetupEmpty action={<Button onClick={() => setFormOpen(true)}>Assign rate</Button>}>
            No rates assigned yet. Assign a rate to a staff member so the payroll report can pay their classes, appointments, hours and sales.
          </SetupEmpty>
        }
        pageSize={1000}
      />
      <AssignRateForm opened={formOpen} onClose={() => setFormOpen(false)} staffId={staffId} today={today} />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} isPending={remove.isPending} />
    </>
  );
}
