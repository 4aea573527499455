import { useState } from 'react';
import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { catalogMessages, type Product } from '@spotter/shared';
import { shownMessage } from '../../../lib/api-client';
import { useAdjustStock } from '../api/catalog';
import { fieldRefusal } from '../../../lib/form-refusal';

/** Receive stock (+N) or correct the count after a stocktake. */
export function StockDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const adjust = useAdjustStock();
  const [mode, setMode] = useState<'receive' | 'correct'>('receive');
  const [value, setValue] = useState<number | string>(1);
  const [error, setError] = useState<string | null>(null);
  // A new product starts the form afresh (state reset during render, not in an effect).
  const [shown, setShown] = useState<Product | null>(product);
  if (shown !== product) {
    setShown(product);
    setMode('receive');
    setValue(1);
    setError(null);
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!product) return;
    const n = Number(value);
    if (value === '' || !Number.isInteger(n)) return setError(catalogMessages.wholeNumber);
    if (mode === 'receive' && n < 1) return setError(catalogMessages.receiveMin);
    if (mode === 'correct' && n < 0) return setError(catalogMessages.stockNegative);
    adjust.mutate(
      { productId: product.productId, body: mode === 'receive' ? { mode, quantity: n } : { mode, stockCount: n } },
      {
        onSuccess: onClose,
        // The one field shows any refusal, once (the count's own message, else the server's).
        onError: (e) => setError(Object.values(fieldRefusal(e, ['quantity', 'stockCount']))[0] ?? shownMessage(e)),
      },
    );
  };
  return (
    <Modal opened={product !== null} onClose={onClose} title={`Stock: ${product?.name ?? ''}`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm">{`${product?.stockCount ?? 0} in stock now.`}</Text>
          <SegmentedControl
            aria-label="Adjustment"
            value={mode}
            onChange={(v) => {
              setMode(v as 'receive' | 'correct');
              setValue(v === 'receive' ? 1 : (product?.stockCount ?? 0));
              setError(null);
            }}
            data={[
              { value: 'receive', label: 'Receive stock' },
              { value: 'correct', label: 'Correct count' },
            ]}
          />
          <NumberInput
            label={mode === 'receive' ? 'Units received' : 'Units on hand'}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={value}
            onChange={setValue}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={adjust.isPending}>
              {mode === 'receive' ? 'Receive' : 'Save count'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
