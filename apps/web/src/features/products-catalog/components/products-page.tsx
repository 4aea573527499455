import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Menu, Select, Stack, Text } from '@mantine/core';
import { PRODUCT_PAGE_SIZE, formatMoney, type Product, type ProductKind, type ProductSort, type SetupStatus } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { useSearchTerm } from '../../../lib/search-term';
import { ConfirmDialog, SetupEmpty, SetupTable, SetupToolbar, StatusBadge, useSetupGym, type Column, type Confirmation } from '../../event-setup';
import { productsExport, useCatalogExport, useProductAction, useProductList, type ProductListParams } from '../api/catalog';
import { StockBadge } from './parts';
import { ProductForm } from './product-form';
import { SellDialog } from './sell-dialog';
import { StockDialog } from './stock-dialog';

const SORTS: { value: ProductSort; label: string }[] = [
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
  { value: 'price', label: 'Price, lowest first' },
  { value: '-price', label: 'Price, highest first' },
  { value: 'stock', label: 'Stock, lowest first' },
  { value: '-stock', label: 'Stock, highest first' },
  { value: '-sold', label: 'Best sellers' },
];

function DotsIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

type Action = 'sell' | 'stock' | 'edit' | 'archive' | 'restore';

const texts = {
  retail: {
    title: 'Retail',
    intro: 'What the front desk sells: each item with its SKU, price, tax rate and stock. Items at or under their low-stock threshold are flagged.',
    noun: 'retail item',
    newLabel: 'New retail item',
    listLabel: 'Retail items',
    search: 'Search name or SKU',
    emptyActive: 'No retail items yet. Add what you sell at the front desk (t-shirts, chalk, drinks) with its stock count.',
    emptyArchived: 'No archived retail items. Archive an item you no longer sell; its sales are kept.',
  },
  fee: {
    title: 'Fees & Misc Products',
    intro: 'One-off charges such as a drop-in, towel hire or a late fee; they have no stock. Each sale is recorded as an invoice.',
    noun: 'fee',
    newLabel: 'New fee',
    listLabel: 'Fees',
    search: 'Search fees',
    emptyActive: 'No fees yet. Add the one-off charges you take, such as a drop-in fee or towel hire.',
    emptyArchived: 'No archived fees. Archive a fee you no longer charge; its sales are kept.',
  },
} as const;

/** Issue 18, spec 2.7 `/products/retail` and `/products/fees-and-misc-products`: one list, two kinds. */
function ProductsPage({ kind }: { kind: ProductKind }) {
  const t = texts[kind];
  const isRetail = kind === 'retail';
  const gym = useSetupGym();
  const [status, setStatusValue] = useState<SetupStatus>('active');
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const [lowStock, setLowStockValue] = useState(false);
  const [sort, setSortValue] = useState<ProductSort>('name');
  const debounced = useSearchTerm(search);
  const params: ProductListParams = { kind, status, search: debounced, page, lowStock: isRetail && lowStock, sort };
  const list = useProductList(params);
  const act = useProductAction();
  const exportCsv = useCatalogExport();
  const [editing, setEditing] = useState<Product | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [selling, setSelling] = useState<Product | null>(null);
  const [stocking, setStocking] = useState<Product | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const first =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const openNew = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const onAction = (p: Product, action: Action) => {
    if (action === 'sell') return setSelling(p);
    if (action === 'stock') return setStocking(p);
    if (action === 'edit') {
      setEditing(p);
      setFormOpen(true);
      return;
    }
    const confirm =
      action === 'archive'
        ? {
            title: `Archive ${t.noun}?`,
            message: `${p.name} will no longer be sold. Its sales are kept and you can restore it later.`,
            confirmLabel: 'Archive',
          }
        : { title: `Restore ${t.noun}?`, message: `${p.name} can be sold again.`, confirmLabel: 'Restore' };
    setConfirmation({ ...confirm, run: () => act.mutate({ productId: p.productId, name: p.name, kind, action }, { onSettled: () => setConfirmation(null) }) });
  };
  const actionsOf = (p: Product): Action[] =>
    p.isArchived ? ['edit', 'restore'] : [...(['sell'] as const), ...(isRetail ? (['stock'] as const) : []), 'edit', 'archive'];
  const labels: Record<Action, string> = { sell: 'Sell', stock: 'Adjust stock', edit: 'Edit', archive: 'Archive', restore: 'Restore' };

  const columns: Column<Product>[] = [
    {
      header: 'Name',
      isCardTitle: true,
      cell: (p) => (
        <Stack gap={0}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {p.name}
            </Text>
            <StockBadge product={p} />
          </Group>
          {p.sku && (
            <Text size="xs" c="dimmed">
              {`SKU ${p.sku}`}
            </Text>
          )}
        </Stack>
      ),
    },
    { header: 'Price', cell: (p) => formatMoney(p.priceMinor, gym.country) },
    { header: 'Tax rate', cell: (p) => (p.taxRate ? `${p.taxRate.name} (${p.taxRate.percent}%)${p.taxRate.isArchived ? ', archived' : ''}` : 'No tax') },
    ...(isRetail ? [{ header: 'In stock', cell: (p: Product) => (p.stockCount === null ? '' : `${p.stockCount} (low at ${p.lowStockThreshold ?? 0})`) }] : []),
    { header: 'Sold', cell: (p) => p.soldCount },
    { header: 'Status', cell: (p) => <StatusBadge isArchived={p.isArchived} /> },
    {
      header: 'Actions',
      isActions: true,
      cell: (p) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {!p.isArchived && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => onAction(p, 'sell')}
              aria-label={`Sell ${p.name}`}
              disabled={isRetail && (p.stockCount ?? 0) === 0}
            >
              Sell
            </Button>
          )}
          <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${p.name}`}>
                <DotsIcon />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {actionsOf(p)
                .filter((a) => a !== 'sell')
                .map((a) => (
                  <Menu.Item key={a} onClick={() => onAction(p, a)}>
                    {labels[a]}
                  </Menu.Item>
                ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      ),
    },
  ];

  const isFiltered = debounced !== '' || (isRetail && lowStock);
  const empty = isFiltered ? (
    <SetupEmpty>No results found</SetupEmpty>
  ) : status === 'archived' ? (
    <SetupEmpty>{t.emptyArchived}</SetupEmpty>
  ) : (
    <SetupEmpty
      action={
        <Button onClick={openNew} disabled={!gym.isReady}>
          {t.newLabel}
        </Button>
      }
    >
      {t.emptyActive}
    </SetupEmpty>
  );

  return (
    <>
      <PageHeader
        title={t.title}
        actions={
          <Button onClick={openNew} disabled={!gym.isReady}>
            {t.newLabel}
          </Button>
        }
      />
      <Text c="dimmed" size="sm" mb="md" mt={-8}>
        {t.intro}
      </Text>
      <SetupToolbar
        status={status}
        onStatus={first(setStatusValue)}
        search={search}
        onSearch={first(setSearchText)}
        searchLabel={t.search}
        onExport={() => exportCsv.mutate(productsExport(params))}
        isExporting={exportCsv.isPending}
      />
      <Group gap="md" mb="md" mt={-4} align="center" wrap="wrap">
        {isRetail && <Checkbox label="Low stock only" checked={lowStock} onChange={(e) => first(setLowStockValue)(e.currentTarget.checked)} />}
        <Select
          aria-label="Sort by"
          data={isRetail ? SORTS : SORTS.filter((s) => !s.value.includes('stock'))}
          value={sort}
          onChange={(v) => v && first(setSortValue)(v as ProductSort)}
          allowDeselect={false}
          w={220}
        />
      </Group>
      <SetupTable
        label={t.listLabel}
        columns={columns}
        rows={list.data?.results}
        rowKey={(p) => p.productId}
        count={list.data?.count ?? 0}
        page={page}
        onPageChange={setPage}
        isPending={list.isPending}
        isError={list.isError}
        empty={empty}
        pageSize={PRODUCT_PAGE_SIZE}
      />
      <ProductForm
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        kind={kind}
        product={editing}
        country={gym.country}
        isTaxInclusive={gym.isTaxInclusive}
      />
      <SellDialog product={selling} onClose={() => setSelling(null)} country={gym.country} isTaxInclusive={gym.isTaxInclusive} />
      <StockDialog product={stocking} onClose={() => setStocking(null)} />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} isPending={act.isPending} />
    </>
  );
}

export function RetailPage() {
  return <ProductsPage kind="retail" />;
}

export function FeesPage() {
  return <ProductsPage kind="fee" />;
}
