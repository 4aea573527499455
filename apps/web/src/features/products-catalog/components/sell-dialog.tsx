import { useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import {
  amountBreakdown,
  catalogMessages,
  formatMoney,
  MAX_LINE_QUANTITY,
  manualPaymentChoices,
  type GymCountry,
  type ManualPaymentType,
  type Product,
} from '@spotter/shared';
import { isShown, shownMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useSearchTerm } from '../../../lib/search-term';
import { useAthleteChoices, useSellProduct } from '../api/catalog';
import { newIdempotencyKey } from './parts';
import { fieldRefusal } from '../../../lib/form-refusal';

/**
 * Sell a retail item or fee: a quantity, optionally the athlete it is sold to (else a walk-in guest), and how it was
 * paid. Issue 19: it is a one-item front-desk sale, so it makes a paid invoice (the Point of sale sells a cart).
 */
export function SellDialog({
  product,
  onClose,
  country,
  isTaxInclusive,
}: {
  product: Product | null;
  onClose: () => void;
  country: GymCountry;
  isTaxInclusive: boolean;
}) {
  const sell = useSellProduct();
  const [quantity, setQuantity] = useState<number | string>(1);
  const [athleteId, setAthleteId] = useState<string | null>(null);
  const [paidBy, setPaidBy] = useState<ManualPaymentType>('cash_or_check');
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // One key per dialog opening: a retried click is the same sale.
  const [key, setKey] = useState(newIdempotencyKey);
  const debounced = useSearchTerm(search);
  const athletes = useAthleteChoices(debounced);
  // A new product starts the dialog afresh (state reset during render, not in an effect).
  const [shown, setShown] = useState<Product | null>(product);
  if (shown !== product) {
    setShown(product);
    setQuantity(1);
    setAthleteId(null);
    setPaidBy('cash_or_check');
    setSearch('');
    setError(null);
    setRefusal(null);
    setKey(newIdempotencyKey());
  }

  const [labels, setLabels] = useState<Record<string, string>>({});
  const options = useMemo(() => {
    const found = (athletes.data?.results ?? []).map((a) => ({ value: a.athleteId, label: a.email ? `${a.fullName} (${a.email})` : a.fullName }));
    const chosen = athleteId && !found.some((o) => o.value === athleteId) && labels[athleteId] ? [{ value: athleteId, label: labels[athleteId]! }] : [];
    return [...chosen, ...found];
  }, [athletes.data, athleteId, labels]);

  const q = Number(quantity);
  const isRetail = product?.kind === 'retail';
  const left = product?.stockCount ?? 0;
  const total =
    product && Number.isInteger(q) && q > 0 ? amountBreakdown(product.priceMinor * q, Number(product.taxRate?.percent ?? 0), country, isTaxInclusive) : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!product) return;
    if (quantity === '' || !Number.isInteger(q)) return setError(catalogMessages.wholeNumber);
    if (q < 1) return setError(catalogMessages.quantityMin);
    if (q > MAX_LINE_QUANTITY) return setError(catalogMessages.quantityMax);
    setError(null);
    setRefusal(null);
    sell.mutate(
      {
        athleteId,
        ...(athleteId ? {} : { guestName: 'Walk-in customer' }),
        items: [{ productId: product.productId, quantity: q }],
        payment: { type: paidBy },
        idempotencyKey: key,
      },
      {
        onSuccess: ({ invoice }) => {
          notifySuccess({ title: 'Sold', message: `${q} × ${product.name}: ${formatMoney(invoice.totalMinor, country)} paid (${invoice.numberText})` });
          onClose();
        },
        onError: (e) => {
          const field = fieldRefusal(e, ['quantity'], (path) => (path === 'items.0.quantity' ? 'quantity' : path)).quantity;
          if (field && isShown(e)) setError(field);
          else setRefusal(shownMessage(e));
          // A refused sale made nothing: the next try is a new one.
          setKey(newIdempotencyKey());
        },
      },
    );
  };

  return (
    <Modal opened={product !== null} onClose={onClose} title={`Sell ${product?.name ?? ''}`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          {isRetail && <Text size="sm">{left === 0 ? 'Out of stock.' : `${left} in stock.`}</Text>}
          {refusal && (
            <Alert color="red" title="Sale refused" role="alert">
              {refusal}
            </Alert>
          )}
          <NumberInput
            label="Quantity"
            min={1}
            max={MAX_LINE_QUANTITY}
            allowDecimal={false}
            allowNegative={false}
            value={quantity}
            onChange={setQuantity}
            error={error}
            data-autofocus
          />
          <Select
            label="Athlete"
            description="Optional: search by name or email. Leave empty for a walk-in."
            placeholder="Search athletes"
            searchable
            clearable
            data={options}
            value={athleteId}
            onChange={(value, option) => {
              setAthleteId(value);
              if (value && option) setLabels((l) => ({ ...l, [value]: option.label }));
            }}
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: o }) => o}
            nothingFoundMessage={debounced.trim() ? 'No results found' : 'Type a name or email'}
          />
          {total && (
            <Text size="sm" fw={600}>
              {total}
            </Text>
          )}
          <Select
            label="Paid by"
            data={manualPaymentChoices(country)}
            value={paidBy}
            onChange={(value) => value && setPaidBy(value as ManualPaymentType)}
            allowDeselect={false}
          />
          <Text size="xs" c="dimmed">
            The sale is recorded as a paid invoice. To sell several items, or to leave an invoice open, use the Point of sale.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={sell.isPending} disabled={isRetail && left === 0}>
              Sell
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
