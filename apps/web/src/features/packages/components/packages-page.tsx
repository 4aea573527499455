import { useState } from 'react';
import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { packageKindLabels, packageKinds, type Package, type PackageKind, type SetupStatus } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { useSearchTerm } from '../../../lib/search-term';
import { ConfirmDialog, RowActions, SetupEmpty, SetupTable, StatusBadge, type Column, type Confirmation } from '../../event-setup';
import { useExportPackages, usePackageAction, usePackageCategories, usePackageFormOptions, usePackages, type PackageListParams } from '../api/packages';
import { allowanceWords, planPrice } from '../lib/describe';
import { PackageForm } from './package-form';
import { useGymLocale } from './use-gym-locale';

type Action = 'edit' | 'archive' | 'restore';

/** Issue 18 `/products/packages`: the gym's packages with their billing plans, searched, filtered, exported, edited. */
export function PackagesPage() {
  const [status, setStatusValue] = useState<SetupStatus>('active');
  const [kind, setKindValue] = useState<PackageKind | null>(null);
  const [category, setCategoryValue] = useState<string | null>(null);
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useSearchTerm(search);
  const params: PackageListParams = { status, kind, category, search: debounced, page };
  const categories = usePackageCategories();
  const list = usePackages(params);
  const gym = useGymLocale();
  const options = usePackageFormOptions();
  const act = usePackageAction();
  const exportCsv = useExportPackages();
  const [editing, setEditing] = useState<Package | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const openNew = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const onAction = (p: Package, action: Action) => {
    if (action === 'edit') {
      setEditing(p);
      setFormOpen(true);
      return;
    }
    const held = p.holders > 0 ? ` The ${p.holders} ${p.holders === 1 ? 'athlete who holds it keeps' : 'athletes who hold it keep'} it.` : '';
    const texts = {
      archive: { title: 'Archive package?', message: `${p.name} will no longer be sold.${held} You can restore it later.`, confirmLabel: 'Archive' },
      restore: { title: 'Restore package?', message: `${p.name} can be sold again.`, confirmLabel: 'Restore' },
    }[action];
    setConfirmation({ ...texts, run: () => act.mutate({ packageId: p.packageId, name: p.name, action }, { onSettled: () => setConfirmation(null) }) });
  };

  const columns: Column<Package>[] = [
    {
      header: 'Name',
      isCardTitle: true,
      cell: (p) => (
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {p.name}
          </Text>
          {p.category && (
            <Text size="xs" c="dimmed">
              {p.category}
            </Text>
          )}
        </Stack>
      ),
    },
    { header: 'Kind', cell: (p) => packageKindLabels[p.kind] },
    { header: 'Allowance', cell: (p) => allowanceWords(p) },
    {
      header: 'Billing plans',
      cell: (p) => (
        <Stack gap={2}>
          {p.billingPlans.map((b) => {
            const shown = planPrice(b, p, gym.country, gym.isTaxInclusive);
            return (
              <Text key={b.billingPlanId} size="sm">
                {`${b.name}: ${shown.price}`}{' '}
                <Text span size="xs" c="dimmed">
                  {shown.tax}
                </Text>
              </Text>
            );
          })}
        </Stack>
      ),
    },
    {
      header: 'Sales portal',
      cell: (p) =>
        p.showInPortal ? (
          <Text size="sm">{`Shown, #${p.portalOrder}`}</Text>
        ) : (
          <Text size="sm" c="dimmed">
            Hidden
          </Text>
        ),
    },
    { header: 'Holders', cell: (p) => p.holders },
    { header: 'Status', cell: (p) => <StatusBadge isArchived={p.isArchived} /> },
    {
      header: 'Actions',
      isActions: true,
      cell: (p) => <RowActions name={p.name} actions={['edit', p.isArchived ? 'restore' : 'archive']} onAction={(a) => onAction(p, a as Action)} />,
    },
  ];

  const isFiltered = debounced !== '' || kind !== null || category !== null;
  const empty = isFiltered ? (
    <SetupEmpty>No results found</SetupEmpty>
  ) : status === 'archived' ? (
    <SetupEmpty>No archived packages. Archive a package you no longer sell: members who hold it keep it.</SetupEmpty>
  ) : (
    <SetupEmpty
      action={
        <Button onClick={openNew} disabled={!gym.isReady}>
          New package
        </Button>
      }
    >
      No packages yet. Create a membership or a class pack with its billing plans, then sell it to your members.
    </SetupEmpty>
  );

  return (
    <>
      <PageHeader
        title="Packages"
        actions={
          <Button onClick={openNew} disabled={!gym.isReady}>
            New package
          </Button>
        }
      />
      <Text c="dimmed" size="sm" mb="md" mt={-8}>
        What your gym sells: memberships, class packs, drop-ins and trials, each with its billing plans.
      </Text>
      <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
        <Group gap="sm" align="flex-end" wrap="wrap" style={{ flexGrow: 1 }}>
          <SegmentedControl
            aria-label="Show"
            value={status}
            onChange={(value) => {
              setStatusValue(value as SetupStatus);
              setPage(1);
            }}
            data={[
              { value: 'active', label: 'Active' },
              { value: 'archived', label: 'Archived' },
            ]}
          />
          <Select
            aria-label="Kind"
            placeholder="Every kind"
            data={packageKinds.map((k) => ({ value: k, label: packageKindLabels[k] }))}
            value={kind}
            onChange={(value) => {
              setKindValue(value as PackageKind | null);
              setPage(1);
            }}
            clearable
            w={170}
          />
          <Select
            aria-label="Category"
            placeholder="Every category"
            data={categories.data?.results ?? []}
            value={category}
            onChange={(value) => {
              setCategoryValue(value);
              setPage(1);
            }}
            nothingFoundMessage="No categories yet: set one on a package."
            searchable
            clearable
            w={190}
          />
          <TextInput
            type="search"
            aria-label="Search packages"
            placeholder="Search packages"
            value={search}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              setPage(1);
            }}
            style={{ flexGrow: 1, maxWidth: 360, minWidth: 200 }}
          />
        </Group>
        <Button variant="default" onClick={() => exportCsv.mutate({ status, kind, category, search: debounced })} loading={exportCsv.isPending}>
          Export CSV
        </Button>
      </Group>
      <SetupTable
        label="Packages"
        columns={columns}
        rows={list.data?.results}
        rowKey={(p) => p.packageId}
        count={list.data?.count ?? 0}
        page={page}
        onPageChange={setPage}
        isPending={list.isPending}
        isError={list.isError}
        empty={empty}
      />
      <PackageForm
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        pkg={editing}
        country={gym.country}
        isTaxInclusive={gym.isTaxInclusive}
        taxRates={options.data?.taxRates ?? []}
        classTypes={options.data?.classTypes ?? []}
        appointmentTypes={options.data?.appointmentTypes ?? []}
      />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} isPending={act.isPending} />
    </>
  );
}
