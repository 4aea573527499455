import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import {
  cartTotals,
  formatMoney,
  hasPermission,
  invoiceMessages,
  invoiceStatusLabels,
  localeOf,
  manualPaymentChoices,
  MAX_INVOICE_TOTAL_MINOR,
  MAX_LINE_QUANTITY,
  moneyLimitMessages,
  paymentChannelLabel,
  priceDisplay,
  taxOf,
  type GymCountry,
  type InvoiceDetail,
  type ManualPaymentType,
  type SaleCatalogItem,
} from '@spotter/shared';
import { errorMessage, isShown, shownMessage } from '../../../lib/api-client';
import { useSearchTerm } from '../../../lib/search-term';
import { useCurrentSession } from '../../auth';
import { newSaleKey, useBuyerChoices, useCreateSale, useSaleCatalog } from '../api/point-of-sale';
import { fieldRefusal } from '../../../lib/form-refusal';

export type SaleAthlete = { athleteId: string; fullName: string };

type CartLine = { productId: string; quantity: number | string };
type Payment = ManualPaymentType | 'later';

const SHOWN_ITEMS = 8;
const paymentOptions = (country: GymCountry) => [...manualPaymentChoices(country), { value: 'later', label: 'Not paid now: leave the invoice open' }];

/** The most a line may hold: what is in stock for a retail item, 999 for a fee (decision 040). */
const maxOf = (item: SaleCatalogItem) => (item.kind === 'retail' ? Math.min(item.stockCount ?? 0, MAX_LINE_QUANTITY) : MAX_LINE_QUANTITY);

/**
 * The point of sale: a cart of retail items and fees for an athlete or a guest, its totals in the country's words
 * (spec 9: Pre-tax/Tax in the US and Canada, VAT in the UK; tax-inclusive prices say what they include), paid now with
 * one of the four manual types or left open; then a receipt with the invoice's number.
 */
/** The sale's fields a refusal can name (each shows its error). */
const SALE_FIELDS = ['athleteId', 'guestName', 'guestEmail', 'items'];

export function PointOfSaleModal({ onClose, athlete }: { onClose: () => void; athlete?: SaleAthlete }) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  const [receipt, setReceipt] = useState<InvoiceDetail | null>(null);
  const [round, setRound] = useState(0);
  return (
    <Modal opened onClose={onClose} title="Point of sale" size="xl" fullScreen={isPhone} closeButtonProps={{ 'aria-label': 'Close point of sale' }}>
      {receipt ? (
        <Receipt
          invoice={receipt}
          onNew={() => {
            setReceipt(null);
            setRound((r) => r + 1);
          }}
          onClose={onClose}
        />
      ) : (
        <CartForm key={round} athlete={athlete} onSold={setReceipt} onCancel={onClose} />
      )}
    </Modal>
  );
}

function CartForm({ athlete, onSold, onCancel }: { athlete?: SaleAthlete; onSold: (invoice: InvoiceDetail) => void; onCancel: () => void }) {
  const session = useCurrentSession();
  const catalog = useSaleCatalog(true);
  const sell = useCreateSale();
  // Finding an athlete needs AthleteView; without it the desk sells to guests (or to the athlete page's athlete).
  const canFindAthletes = hasPermission(session, 'AthleteView') || athlete !== undefined;
  const [buyerKind, setBuyerKind] = useState<'athlete' | 'guest'>(canFindAthletes ? 'athlete' : 'guest');
  const [athleteId, setAthleteId] = useState<string | null>(athlete?.athleteId ?? null);
  const [labels, setLabels] = useState<Record<string, string>>(athlete ? { [athlete.athleteId]: athlete.fullName } : {});
  const [athleteSearch, setAthleteSearch] = useState('');
  const [guestName, setGuestName] = useState('');
  const [guestEmail, setGuestEmail] = useState('');
  const [itemSearch, setItemSearch] = useState('');
  const [cart, setCart] = useState<CartLine[]>([]);
  const [payment, setPayment] = useState<Payment>('cash_or_check');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  // One key per attempt: a retried click is the same sale; a refused one made nothing, so the next try is new.
  const [key, setKey] = useState(newSaleKey);
  const debounced = useSearchTerm(athleteSearch);
  const buyers = useBuyerChoices(debounced);

  const items = useMemo(() => catalog.data?.results ?? [], [catalog.data]);
  const country: GymCountry = catalog.data?.country ?? 'US';
  const inclusive = catalog.data?.isTaxInclusive ?? false;
  const byId = useMemo(() => new Map(items.map((i) => [i.productId, i])), [items]);
  const term = itemSearch.trim().toLowerCase();
  const found = items.filter((i) => !term || i.name.toLowerCase().includes(term) || (i.sku ?? '').toLowerCase().includes(term));

  const athleteOptions = useMemo(() => {
    const list = (buyers.data?.results ?? []).map((a) => ({ value: a.athleteId, label: a.email ? `${a.fullName} (${a.email})` : a.fullName }));
    const chosen = athleteId && !list.some((o) => o.value === athleteId) && labels[athleteId] ? [{ value: athleteId, label: labels[athleteId]! }] : [];
    return [...chosen, ...list];
  }, [buyers.data, athleteId, labels]);

  const lines = cart.flatMap((line) => {
    const item = byId.get(line.productId);
    const quantity = Number(line.quantity);
    return item ? [{ item, quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 0 }] : [];
  });
  const totals = cartTotals(
    lines.map((l) => ({ priceMinor: l.item.priceMinor, quantity: l.quantity, percent: l.item.taxRate?.percent ?? null })),
    inclusive,
  );
  const money = (m: number) => formatMoney(m, country);
  const words = localeOf(country);

  const add = (item: SaleCatalogItem) => {
    if (maxOf(item) === 0) return;
    setErrors((e) => ({ ...e, items: '' }));
    setCart((c) => {
      const at = c.find((l) => l.productId === item.productId);
      if (at) return c.map((l) => (l === at ? { ...l, quantity: Math.min(Number(l.quantity) + 1 || 1, maxOf(item)) } : l));
      return [...c, { productId: item.productId, quantity: 1 }];
    });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (lines.length === 0) next.items = invoiceMessages.cartEmpty;
    if (lines.some((l) => l.quantity === 0 || l.quantity > maxOf(l.item)))
      next.items = 'Check the quantities: each is at least 1 and no more than is in stock.';
    else if (totals.total > MAX_INVOICE_TOTAL_MINOR) next.items = moneyLimitMessages.invoiceTotal;
    if (buyerKind === 'athlete' && !athleteId) next.athleteId = invoiceMessages.buyerRequired;
    if (buyerKind === 'guest' && !guestName.trim()) next.guestName = invoiceMessages.buyerRequired;
    setErrors(next);
    setRefusal(null);
    if (Object.keys(next).length > 0) return;
    sell.mutate(
      {
        athleteId: buyerKind === 'athlete' ? athleteId : null,
        ...(buyerKind === 'guest' ? { guestName: guestName.trim(), ...(guestEmail.trim() ? { guestEmail: guestEmail.trim() } : {}) } : {}),
        items: lines.map((l) => ({ productId: l.item.productId, quantity: l.quantity })),
        ...(payment === 'later' ? {} : { payment: { type: payment, ...(reference.trim() ? { reference: reference.trim() } : {}) } }),
        idempotencyKey: key,
      },
      {
        onSuccess: ({ invoice }) => onSold(invoice),
        onError: (e) => {
          // A refusal naming the buyer or the cart is shown there, once; any other as the sale's alert.
          const placed = fieldRefusal(e, SALE_FIELDS, (path) => (path.startsWith('items') ? 'items' : path));
          setErrors(placed);
          if (!isShown(e)) setRefusal(shownMessage(e));
          setKey(newSaleKey());
        },
      },
    );
  };

  const catalogList = catalog.isPending ? (
    <Stack gap="xs" aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={44} />
      ))}
    </Stack>
  ) : catalog.isError ? (
    <Alert color="red" title="Error">
      {errorMessage(catalog.error)}
    </Alert>
  ) : items.length === 0 ? (
    <Text size="sm">No retail items or fees yet. Add them under Products, then sell them here.</Text>
  ) : found.length === 0 ? (
    <Text size="sm">No items match “{itemSearch.trim()}”.</Text>
  ) : (
    <Stack gap={6}>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Items for sale">
        {found.slice(0, SHOWN_ITEMS).map((item) => {
          const none = maxOf(item) === 0;
          return (
            <Paper component="li" key={item.productId} withBorder p="xs" radius="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" lineClamp={1}>
                    {item.name}
                  </Text>
                  <Text size="xs" c="dark.6">
                    {item.taxRate
                      ? priceDisplay(item.priceMinor, item.taxRate.percent, inclusive, country)
                      : `${money(item.priceMinor)}, no ${words.taxLabel === 'VAT' ? 'VAT' : 'tax'}`}
                    {item.kind === 'retail' ? ` · ${none ? 'Out of stock' : `${item.stockCount} in stock`}` : ' · Fee'}
                  </Text>
                </Stack>
                <Button size="xs" variant="light" onClick={() => add(item)} disabled={none} aria-label={`Add ${item.name}`}>
                  Add
                </Button>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {found.length > SHOWN_ITEMS && (
        <Text size="xs" c="dark.6">
          {found.length - SHOWN_ITEMS} more: search to narrow the list.
        </Text>
      )}
    </Stack>
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Sale">
      <Stack gap="md">
        {refusal && (
          <Alert color="red" title="Sale refused" role="alert">
            {refusal}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="sm">
            <TextInput
              type="search"
              label="Search items"
              placeholder="Name or SKU"
              value={itemSearch}
              onChange={(e) => setItemSearch(e.currentTarget.value)}
              onKeyDown={(e) => {
                // Enter adds the first match (a barcode scanner types the SKU and Enter).
                if (e.key === 'Enter') {
                  e.preventDefault();
                  const first = found.find((i) => maxOf(i) > 0);
                  if (first) add(first);
                }
              }}
              data-autofocus
            />
            {catalogList}
          </Stack>
          <Stack gap="sm">
            <Stack gap={6}>
              <Text fw={600} size="sm" id="pos-buyer">
                Sold to
              </Text>
              <SegmentedControl
                aria-labelledby="pos-buyer"
                value={buyerKind}
                onChange={(v) => setBuyerKind(v as 'athlete' | 'guest')}
                data={[
                  { value: 'athlete', label: 'Athlete', disabled: !canFindAthletes },
                  { value: 'guest', label: 'Guest' },
                ]}
              />
              {!canFindAthletes && (
                <Text size="xs" c="dark.6">
                  Selling to an athlete needs the Athlete View permission: sell to a guest, or use Sell on the athlete&apos;s page.
                </Text>
              )}
              {buyerKind === 'athlete' ? (
                <Select
                  label="Athlete"
                  placeholder="Search by name or email"
                  searchable
                  clearable
                  data={athleteOptions}
                  value={athleteId}
                  onChange={(value, option) => {
                    setAthleteId(value);
                    setErrors((e) => ({ ...e, athleteId: '' }));
                    if (value && option) setLabels((l) => ({ ...l, [value]: option.label }));
                  }}
                  searchValue={athleteSearch}
                  onSearchChange={setAthleteSearch}
                  filter={({ options }) => options}
                  nothingFoundMessage={debounced.trim() ? 'No results found' : 'Type a name or email'}
                  error={errors.athleteId || undefined}
                />
              ) : (
                <>
                  <TextInput
                    label="Guest name"
                    required
                    value={guestName}
                    onChange={(e) => setGuestName(e.currentTarget.value)}
                    error={errors.guestName || undefined}
                    maxLength={100}
                  />
                  <TextInput
                    label="Guest email"
                    description="Optional: for the receipt."
                    type="email"
                    value={guestEmail}
                    onChange={(e) => setGuestEmail(e.currentTarget.value)}
                    error={errors.guestEmail || undefined}
                  />
                </>
              )}
            </Stack>
            <Stack gap={6}>
              <Text fw={600} size="sm">
                Cart
              </Text>
              {lines.length === 0 ? (
                <Text size="sm" c={errors.items ? 'red.9' : undefined}>
                  {errors.items || 'The cart is empty: add items from the list.'}
                </Text>
              ) : (
                <>
                  <ScrollArea.Autosize mah={260} type="auto">
                    <Table verticalSpacing={4} aria-label="Cart">
                      <Table.Tbody>
                        {lines.map(({ item, quantity }) => {
                          const line = taxOf(item.priceMinor * quantity, item.taxRate?.percent ?? 0, inclusive);
                          return (
                            <Table.Tr key={item.productId}>
                              <Table.Td>
                                <Text size="sm" lineClamp={2}>
                                  {item.name}
                                </Text>
                              </Table.Td>
                              <Table.Td w={84}>
                                <NumberInput
                                  size="xs"
                                  aria-label={`Quantity of ${item.name}`}
                                  min={1}
                                  max={maxOf(item)}
                                  allowDecimal={false}
                                  allowNegative={false}
                                  value={cart.find((l) => l.productId === item.productId)?.quantity ?? 1}
                                  onChange={(v) => setCart((c) => c.map((l) => (l.productId === item.productId ? { ...l, quantity: v } : l)))}
                                />
                              </Table.Td>
                              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                                <Text size="sm">{money(line.total)}</Text>
                              </Table.Td>
                              <Table.Td w={36}>
                                <ActionIcon
                                  variant="subtle"
                                  color="red.9"
                                  aria-label={`Remove ${item.name}`}
                                  onClick={() => setCart((c) => c.filter((l) => l.productId !== item.productId))}
                                >
                                  ×
                                </ActionIcon>
                              </Table.Td>
                            </Table.Tr>
                          );
                        })}
                      </Table.Tbody>
                    </Table>
                  </ScrollArea.Autosize>
                  {errors.items && (
                    <Text size="sm" c="red.9" role="alert">
                      {errors.items}
                    </Text>
                  )}
                </>
              )}
              <Totals net={totals.net} tax={totals.tax} total={totals.total} inclusive={inclusive} country={country} />
            </Stack>
            <Select
              label="Payment"
              data={paymentOptions(country)}
              value={payment}
              onChange={(v) => v && setPayment(v as Payment)}
              allowDeselect={false}
              description={
                payment === 'later' ? 'The invoice stays open for the athlete or guest to pay later.' : `Paid now: the whole total, ${money(totals.total)}.`
              }
            />
            {payment !== 'later' && (
              <TextInput
                label="Reference"
                description={`Optional: a ${country === 'US' ? 'check' : 'cheque'} or terminal receipt number.`}
                value={reference}
                onChange={(e) => setReference(e.currentTarget.value)}
                maxLength={100}
              />
            )}
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dark.6">
          {inclusive ? `Prices include ${words.taxLabel}.` : `${words.taxLabel === 'VAT' ? 'VAT' : 'Tax'} is added to the prices.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={sell.isPending}>
            {payment === 'later' ? 'Complete sale' : `Take ${money(totals.total)}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Spec 9 wording: Pre-tax/Tax/Total in the US and Canada, Total/VAT in the UK; tax-inclusive totals say what they include. */
function Totals({ net, tax, total, inclusive, country }: { net: number; tax: number; total: number; inclusive: boolean; country: GymCountry }) {
  const l = localeOf(country);
  const money = (m: number) => formatMoney(m, country);
  const rows: [string, string][] = inclusive
    ? tax > 0
      ? [[`Includes ${l.taxLabel}`, money(tax)]]
      : [] // issue 34: nothing included says nothing, not "Includes VAT £0.00"
    : [
        [l.taxLabel === 'VAT' ? 'Before VAT' : 'Pre-tax', money(net)],
        [l.taxLabel, money(tax)],
      ];
  return (
    <Stack gap={2} aria-label="Totals" role="group">
      {rows.map(([label, value]) => (
        <Group key={label} justify="space-between">
          <Text size="sm">{label}</Text>
          <Text size="sm">{value}</Text>
        </Group>
      ))}
      <Group justify="space-between">
        <Text fw={700}>Total</Text>
        <Text fw={700} data-testid="pos-total">
          {money(total)}
        </Text>
      </Group>
    </Stack>
  );
}

function Receipt({ invoice, onNew, onClose }: { invoice: InvoiceDetail; onNew: () => void; onClose: () => void }) {
  const session = useCurrentSession();
  const country = invoice.gym.country;
  const money = (m: number) => formatMoney(m, country);
  const paid = invoice.payments.filter((p) => p.kind === 'payment' && p.status === 'succeeded');
  return (
    <Stack gap="md">
      <Alert color="teal" title="Sale complete" role="status">
        <Text size="sm">
          Invoice {invoice.numberText} for {invoice.athlete?.fullName ?? invoice.guestName}: {money(invoice.totalMinor)}.
        </Text>
      </Alert>
      <Group gap="sm">
        <Title order={2} size="h4">
          {invoice.numberText}
        </Title>
        <Badge variant="outline" color={invoice.balanceMinor === 0 ? 'teal.9' : 'blue.9'}>
          {invoiceStatusLabels[invoice.status]}
        </Badge>
      </Group>
      <Table aria-label="Receipt lines">
        <Table.Tbody>
          {invoice.lines.map((l, i) => (
            <Table.Tr key={i}>
              <Table.Td>
                {l.quantity} × {l.description}
              </Table.Td>
              <Table.Td ta="right">{money(l.totalMinor)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Totals net={invoice.netMinor} tax={invoice.taxMinor} total={invoice.totalMinor} inclusive={invoice.isTaxInclusive} country={country} />
      {paid.map((p) => (
        <Text key={p.paymentId} size="sm">
          Paid {money(p.amountMinor)} by {paymentChannelLabel(p.channel, country)}
          {p.reference ? ` (${p.reference})` : ''}.
        </Text>
      ))}
      {invoice.balanceMinor > 0 && <Text size="sm">Still to pay: {money(invoice.balanceMinor)}. The invoice stays open.</Text>}
      <Group justify="space-between">
        {hasPermission(session, 'InvoiceReportsView') ? (
          <Anchor component={Link} to={`/invoices?invoice=${invoice.invoiceId}`} onClick={onClose}>
            Open invoice {invoice.numberText}
          </Anchor>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button variant="default" onClick={onNew}>
            New sale
          </Button>
          <Button onClick={onClose} data-autofocus>
            Done
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
