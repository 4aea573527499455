import { useEffect } from 'react';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { catalogMessages, messages, setupMessages, type GymCountry, type Product, type ProductKind } from '@spotter/shared';
import { MoneyInput } from '../../../components/money-input';
import { useActiveTaxRates, useSaveProduct } from '../api/catalog';
import { fieldRefusal } from '../../../lib/form-refusal';

type Values = {
  name: string;
  sku: string;
  description: string;
  price: number | string;
  taxRateId: string | null;
  stockCount: number | string;
  lowStockThreshold: number | string;
};

const NO_TAX = '';

/** Create or edit a retail item (with its SKU, stock and threshold) or a fee. */
export function ProductForm({
  opened,
  onClose,
  kind,
  product,
  country,
  isTaxInclusive,
}: {
  opened: boolean;
  onClose: () => void;
  kind: ProductKind;
  product: Product | null;
  country: GymCountry;
  isTaxInclusive: boolean;
}) {
  const save = useSaveProduct();
  const rates = useActiveTaxRates();
  const isRetail = kind === 'retail';
  const form = useForm<Values>({
    initialValues: { name: '', sku: '', description: '', price: '', taxRateId: NO_TAX, stockCount: 0, lowStockThreshold: 0 },
    validate: {
      name: (v) => (v.trim() === '' ? messages.nameRequired : v.trim().length > 100 ? setupMessages.nameTooLong : null),
      sku: (v) => (!isRetail ? null : v.trim().length > 40 ? catalogMessages.skuTooLong : /^[A-Za-z0-9._-]*$/.test(v.trim()) ? null : catalogMessages.skuShape),
      price: (v) =>
        v === '' ? catalogMessages.priceRequired : Number(v) < 0 ? catalogMessages.priceNegative : Number(v) > 100_000 ? catalogMessages.priceTooHigh : null,
      stockCount: (v) =>
        !isRetail || product
          ? null
          : v === '' || !Number.isInteger(Number(v))
            ? catalogMessages.wholeNumber
            : Number(v) < 0
              ? catalogMessages.stockNegative
              : null,
      lowStockThreshold: (v) =>
        !isRetail ? null : v === '' || !Number.isInteger(Number(v)) ? catalogMessages.wholeNumber : Number(v) < 0 ? catalogMessages.thresholdNegative : null,
    },
  });
  useEffect(() => {
    if (!opened) return;
    form.setValues({
      name: product?.name ?? '',
      sku: product?.sku ?? '',
      description: product?.description ?? '',
      price: product ? product.priceMinor / 100 : '',
      taxRateId: product?.taxRate?.taxRateId ?? NO_TAX,
      stockCount: product?.stockCount ?? 0,
      lowStockThreshold: product?.lowStockThreshold ?? (isRetail ? 3 : 0),
    });
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, product]);

  const active = rates.data?.results ?? [];
  const kept =
    product?.taxRate && product.taxRate.isArchived
      ? [{ value: product.taxRate.taxRateId, label: `${product.taxRate.name} (${product.taxRate.percent}%, archived)` }]
      : [];
  const rateOptions = [{ value: NO_TAX, label: 'No tax' }, ...active.map((r) => ({ value: r.taxRateId, label: `${r.name} (${r.percent}%)` })), ...kept];

  const submit = form.onSubmit((v) =>
    save.mutate(
      {
        productId: product?.productId ?? null,
        body: {
          kind,
          name: v.name.trim(),
          sku: isRetail && v.sku.trim() ? v.sku.trim() : null,
          description: v.description.trim(),
          priceMinor: Math.round(Number(v.price) * 100),
          taxRateId: v.taxRateId ? v.taxRateId : null,
          stockCount: isRetail ? Number(v.stockCount) : 0,
          lowStockThreshold: isRetail ? Number(v.lowStockThreshold) : 0,
        },
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          form.setErrors(fieldRefusal(error, Object.keys(form.values), { priceMinor: 'price' }));
        },
      },
    ),
  );

  const noun = isRetail ? 'retail item' : 'fee';
  return (
    <Modal opened={opened} onClose={onClose} title={product ? `Edit ${noun}` : `New ${noun}`} centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <TextInput label="Name" required maxLength={100} data-autofocus {...form.getInputProps('name')} />
          {isRetail && <TextInput label="SKU" description="Optional; unique among your active items." maxLength={40} {...form.getInputProps('sku')} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <MoneyInput label="Price" required country={country} isTaxInclusive={isTaxInclusive} {...form.getInputProps('price')} />
            <Select label="Tax rate" data={rateOptions} allowDeselect={false} {...form.getInputProps('taxRateId')} />
          </SimpleGrid>
          {isRetail && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {!product && (
                <NumberInput
                  label="Stock count"
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  description="Units on hand now."
                  {...form.getInputProps('stockCount')}
                />
              )}
              <NumberInput
                label="Low-stock threshold"
                min={0}
                allowDecimal={false}
                allowNegative={false}
                description="Flagged low at or under this count."
                {...form.getInputProps('lowStockThreshold')}
              />
            </SimpleGrid>
          )}
          <Textarea label="Description" autosize minRows={2} maxLength={2000} {...form.getInputProps('description')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {product ? 'Save' : `Create ${noun}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
