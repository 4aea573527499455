import { Fragment, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Select, Skeleton, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import {
  formatDate,
  formatMoney,
  payPeriod,
  payPeriodLabels,
  payPeriodPresets,
  type GymCountry,
  type PayLine,
  type PayPeriodPreset,
  type PayrollReportQuery,
  type PayrollRow,
} from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { SetupEmpty } from '../../event-setup';
import { usePayrollExport, usePayrollOptions, usePayrollReport } from '../api/payroll';
import { usePayrollGym } from '../api/use-payroll-gym';
import { hoursText } from './log-work-page';

const kindWords: Record<PayLine['kind'], string> = { class: 'Class', appointment: 'Appointment', work: 'Hours', commission: 'Commission' };

/** A staff member's pay lines (the report's opened row, and a coach's own pay on their account). */
export function PayLinesTable({ row, country }: { row: PayrollRow; country: GymCountry }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={`Pay lines of ${row.name}`} verticalSpacing={4} fz="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Pay item</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>Detail</Table.Th>
            <Table.Th>Rate</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {row.lines.map((l, i) => (
            <Table.Tr key={i}>
              <Table.Td>{formatDate(l.date, country)}</Table.Td>
              <Table.Td>
                {kindWords[l.kind]}
                {l.cancelled && (
                  <Badge ml="xs" size="sm" variant="light" color="gray">
                    Cancelled
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{l.item}</Table.Td>
              <Table.Td>{l.detail}</Table.Td>
              <Table.Td>
                {l.rateName ?? (
                  <Text span size="sm" c="red.9">
                    No rate assigned
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(l.amountMinor, country)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Issue 37, spec 2.7 `/payroll/payroll-report` (PayrollReportView): the pay of a period, per staff member, with its lines. */
export function PayrollReportPage() {
  const { country, today, isReady } = usePayrollGym();
  const [preset, setPreset] = useState<PayPeriodPreset | 'custom'>('last_month');
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [staffId, setStaffId] = useState<string | null>(null);
  const [classTypeId, setClassTypeId] = useState<string | null>(null);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [open, setOpen] = useState<Set<string>>(new Set());
  const period = preset === 'custom' ? (range ?? payPeriod('this_month', today)) : payPeriod(preset, today);
  const query: PayrollReportQuery = {
    ...period,
    ...(staffId ? { staffId } : {}),
    ...(classTypeId ? { classTypeId } : {}),
    ...(locationId ? { locationId } : {}),
  };
  const report = usePayrollReport(query);
  const options = usePayrollOptions();
  const exportCsv = usePayrollExport();
  const money = (minor: number) => formatMoney(minor, country);
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const data = report.data;
  const isLoading = !isReady || report.isPending;

  return (
    <>
      <PageHeader
        title="Payroll Report"
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => exportCsv.mutate({ ...query, view: 'summary' })}
              loading={exportCsv.isPending && exportCsv.variables?.view === 'summary'}
            >
              Export summary CSV
            </Button>
            <Button
              variant="default"
              onClick={() => exportCsv.mutate({ ...query, view: 'lines' })}
              loading={exportCsv.isPending && exportCsv.variables?.view === 'lines'}
            >
              Export lines CSV
            </Button>
          </Group>
        }
      />
      <Text c="dimmed" size="sm" mb="md" mt={-8}>
        Classes coached (the substitute is paid), appointments, approved hours and commission, each paid at the rate in force on its date.
      </Text>
      <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
        <Select
          label="Period"
          allowDeselect={false}
          w={190}
          value={preset}
          onChange={(v) => {
            if (v === 'custom') setRange(period);
            setPreset((v ?? 'last_month') as PayPeriodPreset | 'custom');
          }}
          data={[...payPeriodPresets.map((p) => ({ value: p, label: payPeriodLabels[p] })), { value: 'custom', label: 'Custom range' }]}
        />
        <TextInput
          type="date"
          label="From"
          w={170}
          value={period.from}
          onChange={(e) => {
            setPreset('custom');
            setRange({ from: e.currentTarget.value, to: period.to });
          }}
        />
        <TextInput
          type="date"
          label="To"
          w={170}
          value={period.to}
          onChange={(e) => {
            setPreset('custom');
            setRange({ from: period.from, to: e.currentTarget.value });
          }}
        />
        <Select
          label="Staff member"
          placeholder="Everyone"
          clearable
          searchable
          w={210}
          value={staffId}
          onChange={setStaffId}
          data={(options.data?.staff ?? []).map((s) => ({ value: s.staffId, label: s.name }))}
        />
        <Select
          label="Class type"
          placeholder="All"
          clearable
          w={190}
          value={classTypeId}
          onChange={setClassTypeId}
          data={(options.data?.classTypes ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
        <Select
          label="Location"
          placeholder="All"
          clearable
          w={190}
          value={locationId}
          onChange={setLocationId}
          data={(options.data?.locations ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
      </Group>
      {report.isError ? (
        <Alert color="red" title="The report could not be made" role="alert">
          {errorMessage(report.error)}
        </Alert>
      ) : isLoading ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the payroll report">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={42} radius="sm" data-testid="skeleton-row" />
          ))}
        </Stack>
      ) : data && data.rows.length === 0 ? (
        <SetupEmpty>
          Nothing to pay from {formatDate(period.from, country)} to {formatDate(period.to, country)}. Choose another period, or assign rates and approve logged
          hours.
        </SetupEmpty>
      ) : data ? (
        <>
          {data.unratedLines > 0 && (
            <Alert color="yellow" mb="sm" c="#5c4500">
              {data.unratedLines} {data.unratedLines === 1 ? 'line has' : 'lines have'} no rate assigned on its date and{' '}
              {data.unratedLines === 1 ? 'pays' : 'pay'} nothing: assign rates on Assign Rates.
            </Alert>
          )}
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={820}>
              <Table aria-label="Payroll" verticalSpacing={8} aria-busy={report.isFetching}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Staff member</Table.Th>
                    <Table.Th ta="right">Classes</Table.Th>
                    <Table.Th ta="right">Appointments</Table.Th>
                    <Table.Th ta="right">Hours</Table.Th>
                    <Table.Th ta="right">Commission</Table.Th>
                    <Table.Th ta="right">Gross pay</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((r) => (
                    <Fragment key={r.staffId}>
                      <Table.Tr>
                        <Table.Td>
                          <UnstyledButton
                            onClick={() => toggle(r.staffId)}
                            aria-expanded={open.has(r.staffId)}
                            aria-label={`${r.name}: ${open.has(r.staffId) ? 'hide' : 'show'} lines`}
                            style={{ fontWeight: 600, textDecoration: 'underline' }}
                          >
                            {open.has(r.staffId) ? '▾' : '▸'} {r.name}
                          </UnstyledButton>
                          <Text size="xs" c="dimmed">
                            {r.email}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">{`${r.classes} · ${money(r.classMinor)}`}</Table.Td>
                        <Table.Td ta="right">{`${r.appointments} · ${money(r.appointmentMinor)}`}</Table.Td>
                        <Table.Td ta="right">{`${hoursText(r.workMinutes)} · ${money(r.workMinor)}`}</Table.Td>
                        <Table.Td ta="right">{money(r.commissionMinor)}</Table.Td>
                        <Table.Td ta="right" fw={700}>
                          {money(r.totalMinor)}
                        </Table.Td>
                      </Table.Tr>
                      {open.has(r.staffId) && (
                        <Table.Tr>
                          <Table.Td colSpan={6} p="xs">
                            <PayLinesTable row={r} country={country} />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th>Total</Table.Th>
                    <Table.Th ta="right">{`${data.totals.classes} · ${money(data.totals.classMinor)}`}</Table.Th>
                    <Table.Th ta="right">{`${data.totals.appointments} · ${money(data.totals.appointmentMinor)}`}</Table.Th>
                    <Table.Th ta="right">{`${hoursText(data.totals.workMinutes)} · ${money(data.totals.workMinor)}`}</Table.Th>
                    <Table.Th ta="right">{money(data.totals.commissionMinor)}</Table.Th>
                    <Table.Th ta="right">{money(data.totals.totalMinor)}</Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </>
      ) : null}
    </>
  );
}
