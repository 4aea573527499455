import { useState } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import type { ManagedTaxRate, SetupStatus } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { useSearchTerm } from '../../../lib/search-term';
import {
  ConfirmDialog,
  RowActions,
  SetupEmpty,
  SetupTable,
  SetupToolbar,
  StatusBadge,
  type Column,
  type Confirmation,
  type RowAction,
} from '../../event-setup';
import { TAX_RATE_LIST_SIZE, taxRatesExport, useCatalogExport, useTaxRateAction, useTaxRateList } from '../api/catalog';
import { TaxRateForm } from './tax-rate-form';

/** Issue 18, spec 2.7 `/products/tax-rates`: named percentages for retail, fees, classes and the kiosk's charges. */
export function TaxRatesPage() {
  const [status, setStatusValue] = useState<SetupStatus>('active');
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useSearchTerm(search);
  const params = { status, search: debounced, page };
  const rates = useTaxRateList(params);
  const act = useTaxRateAction();
  const exportCsv = useCatalogExport();
  const [editing, setEditing] = useState<ManagedTaxRate | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const openNew = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const onAction = (r: ManagedTaxRate, action: RowAction) => {
    if (action === 'edit') {
      setEditing(r);
      setFormOpen(true);
      return;
    }
    if (action !== 'archive' && action !== 'restore') return;
    const texts =
      action === 'archive'
        ? {
            title: 'Archive tax rate?',
            message: `${r.name} will no longer be offered for new products, class types or kiosk charges. What already uses it keeps it.`,
            confirmLabel: 'Archive',
          }
        : { title: 'Restore tax rate?', message: `${r.name} will be offered again.`, confirmLabel: 'Restore' };
    setConfirmation({ ...texts, run: () => act.mutate({ taxRateId: r.taxRateId, name: r.name, action }, { onSettled: () => setConfirmation(null) }) });
  };

  const columns: Column<ManagedTaxRate>[] = [
    {
      header: 'Name',
      isCardTitle: true,
      cell: (r) => (
        <Group gap={6} wrap="wrap">
          <Text fw={600} size="sm">
            {r.name}
          </Text>
          {r.isClassTaxRate && (
            <Badge variant="light" color="blue" c="#1c4f8a" radius="sm">
              Class tax rate
            </Badge>
          )}
        </Group>
      ),
    },
    { header: 'Rate', cell: (r) => `${r.percent}%` },
    { header: 'Products', cell: (r) => r.productCount },
    { header: 'Status', cell: (r) => <StatusBadge isArchived={r.isArchived} /> },
    {
      header: 'Actions',
      isActions: true,
      cell: (r) => <RowActions name={r.name} actions={['edit', r.isArchived ? 'restore' : 'archive']} onAction={(a) => onAction(r, a)} />,
    },
  ];

  const empty =
    debounced !== '' ? (
      <SetupEmpty>No results found</SetupEmpty>
    ) : status === 'archived' ? (
      <SetupEmpty>No archived tax rates. Archive a rate you no longer charge; what used it keeps it.</SetupEmpty>
    ) : (
      <SetupEmpty action={<Button onClick={openNew}>New tax rate</Button>}>
        No tax rates yet. Create your first rate, then choose it on retail items, fees and class types.
      </SetupEmpty>
    );

  return (
    <>
      <PageHeader title="Tax Rates" actions={<Button onClick={openNew}>New tax rate</Button>} />
      <Text c="dimmed" size="sm" mb="md" mt={-8}>
        Named percentages for retail items, fees, class types and the kiosk&apos;s charges. The gym&apos;s class tax rate cannot be archived.
      </Text>
      <SetupToolbar
        status={status}
        onStatus={(v) => {
          setStatusValue(v);
          setPage(1);
        }}
        search={search}
        onSearch={(v) => {
          setSearchText(v);
          setPage(1);
        }}
        searchLabel="Search tax rates"
        onExport={() => exportCsv.mutate(taxRatesExport(params))}
        isExporting={exportCsv.isPending}
      />
      <SetupTable
        label="Tax rates"
        columns={columns}
        rows={rates.data?.results}
        rowKey={(r) => r.taxRateId}
        count={rates.data?.count ?? 0}
        page={page}
        onPageChange={setPage}
        isPending={rates.isPending}
        isError={rates.isError}
        empty={empty}
        pageSize={TAX_RATE_LIST_SIZE}
      />
      <TaxRateForm opened={formOpen} onClose={() => setFormOpen(false)} rate={editing} />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} isPending={act.isPending} />
    </>
  );
}
