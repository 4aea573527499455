import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, Pill, Select, TextInput } from '@mantine/core';
import { hasPermission, invoiceStatusLabels, invoiceStatuses, type InvoiceStatus } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { useSearchTerm } from '../../../lib/search-term';
import { useCurrentSession } from '../../auth';
import { useIsNarrow } from '../../event-setup';
import { PaymentSettingsButton, RunBillingButton } from '../../billing';
import { useGym } from '../../events';
import { useExportInvoicesCsv, useInvoices, type InvoiceFilters } from '../api/invoices';
import { Empty, InvoiceDrawer, InvoiceList, InvoiceTotals } from './invoice-list';

const statusData = [{ value: '', label: 'Any state' }, ...invoiceStatuses.map((s) => ({ value: s, label: invoiceStatusLabels[s] }))];
const isDate = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

function filtersOf(params: URLSearchParams): InvoiceFilters & { page: number } {
  const status = params.get('status');
  return {
    status: status && (invoiceStatuses as readonly string[]).includes(status) ? (status as InvoiceStatus) : null,
    from: isDate(params.get('from')),
    to: isDate(params.get('to')),
    athleteId: params.get('athleteId'),
    search: params.get('search') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

/** `/invoices` (InvoiceReportsView, issue 19): the gym's invoices filtered by state, dates and athlete, with totals, CSV and each invoice's detail. */
export function InvoicesPage() {
  const session = useCurrentSession();
  // The dunning schedule is a gym setting (spec 6 GymMutate; owners hold every permission).
  const canChangeSettings = hasPermission(session, 'GymMutate');
  const gym = useGym(session.gym?.gymId ?? '');
  const country = gym.data?.country ?? null;
  const isNarrow = useIsNarrow();
  const [params, setParams] = useSearchParams();
  const { page, ...filters } = useMemo(() => filtersOf(params), [params]);
  const openId = params.get('invoice');
  const update = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const set = (change: Partial<Record<keyof InvoiceFilters, string | null>>) => update({ ...change, page: null });
  const [searchText, setSearchText] = useState(filters.search);
  const debounced = useSearchTerm(searchText);
  useEffect(() => {
    if (debounced !== filters.search) set({ search: debounced || null });
    // Only a new debounced text moves the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const invoices = useInvoices(filters, page);
  const exportCsv = useExportInvoicesCsv();
  const filtered = filters.status !== null || filters.from !== null || filters.to !== null || filters.athleteId !== null || filters.search !== '';
  const clear = () => {
    setSearchText('');
    setParams(new URLSearchParams(), { replace: true });
  };
  const athleteName = invoices.data?.results.find((r) => r.athlete?.athleteId === filters.athleteId)?.athlete?.fullName;
  const rangeError = filters.from && filters.to && filters.from > filters.to ? 'The end date must be on or after the start date.' : null;

  return (
    <>
      <PageHeader
        title="Invoices"
        actions={
          <Group gap="sm">
            {canChangeSettings && <RunBillingButton />}
            {canChangeSettings && <PaymentSettingsButton />}
            <Button variant="default" onClick={() => exportCsv.mutate(filters)} loading={exportCsv.isPending}>
              Export CSV
            </Button>
          </Group>
        }
      />
      <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
        <TextInput
          type="search"
          label="Search"
          placeholder="Invoice number or name"
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          style={{ flexGrow: 1, minWidth: 200, maxWidth: isNarrow ? undefined : 300 }}
        />
        <Select
          label="State"
          data={statusData}
          value={filters.status ?? ''}
          onChange={(v) => set({ status: v || null })}
          allowDeselect={false}
          w={isNarrow ? '100%' : 180}
        />
        <TextInput
          type="date"
          label="Issued from"
          value={filters.from ?? ''}
          onChange={(e) => set({ from: e.currentTarget.value || null })}
          w={isNarrow ? 'calc(50% - 6px)' : 160}
        />
        <TextInput
          type="date"
          label="Issued to"
          value={filters.to ?? ''}
          onChange={(e) => set({ to: e.currentTarget.value || null })}
          error={rangeError}
          w={isNarrow ? 'calc(50% - 6px)' : 160}
        />
        {filters.athleteId && (
          <Pill size="lg" withRemoveButton onRemove={() => set({ athleteId: null })} removeButtonProps={{ 'aria-label': 'Show every athlete' }}>
            {`Athlete: ${athleteName ?? 'chosen athlete'}`}
          </Pill>
        )}
        {filtered && (
          <Button variant="subtle" onClick={clear}>
            Clear filters
          </Button>
        )}
      </Group>
      <InvoiceTotals page={invoices.data} country={country} />
      <InvoiceList
        query={invoices}
        country={country}
        page={page}
        onPage={(p) => update({ page: p > 1 ? String(p) : null })}
        onOpen={(id) => update({ invoice: id })}
        onAthlete={(athleteId) => set({ athleteId })}
        isNarrow={isNarrow}
        empty={
          filtered ? (
            <Empty
              action={
                <Button variant="default" onClick={clear}>
                  Clear filters
                </Button>
              }
            >
              No invoices match these filters.
            </Empty>
          ) : (
            <Empty>No invoices yet. They appear here when you sell a package, a membership bills, or the front desk makes a sale.</Empty>
          )
        }
      />
      <InvoiceDrawer invoiceId={openId} onClose={() => update({ invoice: null })} isNarrow={isNarrow} />
    </>
  );
}
