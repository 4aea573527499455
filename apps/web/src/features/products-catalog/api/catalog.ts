import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  PRODUCT_PAGE_SIZE,
  TAX_RATE_PAGE_LIMIT,
  athleteSearchPageSchema,
  managedTaxRatePageSchema,
  managedTaxRateSchema,
  productPageSchema,
  productSchema,
  cartSaleResultSchema,
  type ProductInput,
  type ProductKind,
  type ProductSort,
  type CartSaleInput,
  type SetupStatus,
  type StockAdjustment,
  type TaxRateInput,
} from '@spotter/shared';
import { callEndpoint, downloadEndpoint, errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { eventKeys } from '../../events';
import { setupKeys } from '../../event-setup';

/** Issue 18: the products catalog's reads sit under ['products-catalog'] so a write refreshes them all. */
export const catalogKeys = {
  all: ['products-catalog'] as const,
  taxRates: (p: TaxRateListParams) => ['products-catalog', 'tax-rates', p] as const,
  products: (p: ProductListParams) => ['products-catalog', 'products', p] as const,
  athletes: (search: string) => ['products-catalog', 'athletes', search] as const,
};

export type TaxRateListParams = { status: SetupStatus; search: string; page: number };
export type ProductListParams = { kind: ProductKind; status: SetupStatus; search: string; page: number; lowStock: boolean; sort: ProductSort };

/** Spec 9: a page of tax rates holds at most 100; the list shows 20 a page. */
export const TAX_RATE_LIST_SIZE = Math.min(20, TAX_RATE_PAGE_LIMIT);

const taxRateQuery = ({ status, search, page }: TaxRateListParams) => ({
  status,
  limit: TAX_RATE_LIST_SIZE,
  offset: (page - 1) * TAX_RATE_LIST_SIZE,
  ...(search ? { search } : {}),
});
const productFilter = ({ kind, status, search, lowStock, sort }: Omit<ProductListParams, 'page'>) => ({
  kind,
  status,
  sort,
  ...(lowStock ? { lowStock: 'true' as const } : {}),
  ...(search ? { search } : {}),
});

export function useTaxRateList(params: TaxRateListParams) {
  return useQuery({
    queryKey: catalogKeys.taxRates(params),
    queryFn: ({ signal }) => callEndpoint('taxRateList', { query: taxRateQuery(params), signal }, { schema: managedTaxRatePageSchema }),
    placeholderData: keepPreviousData,
  });
}

/** The active rates a product may choose (the first 100 by name). */
export function useActiveTaxRates() {
  return useTaxRateListAll();
}
function useTaxRateListAll() {
  return useQuery({
    queryKey: ['products-catalog', 'tax-rates', 'choices'] as const,
    queryFn: ({ signal }) =>
      callEndpoint('taxRateList', { query: { status: 'active', limit: TAX_RATE_PAGE_LIMIT, offset: 0 }, signal }, { schema: managedTaxRatePageSchema }),
  });
}

export function useProductList(params: ProductListParams) {
  return useQuery({
    queryKey: catalogKeys.products(params),
    queryFn: ({ signal }) =>
      callEndpoint(
        'productList',
        { query: { ...productFilter(params), limit: PRODUCT_PAGE_SIZE, offset: (params.page - 1) * PRODUCT_PAGE_SIZE }, signal },
        { schema: productPageSchema },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Tax rates feed the kiosk and the set-up forms: their writes refresh those reads too. */
const invalidates = [catalogKeys.all, eventKeys.all, setupKeys.options];

export function useSaveTaxRate() {
  return useApiMutation({
    mutationFn: ({ taxRateId, body }: { taxRateId: string | null; body: TaxRateInput }) =>
      taxRateId
        ? callEndpoint('updateTaxRate', { params: { taxRateId }, body }, { schema: managedTaxRateSchema })
        : callEndpoint('createTaxRate', { body }, { schema: managedTaxRateSchema }),
    success: (rate, { taxRateId }) => ({ title: taxRateId ? 'Tax rate saved' : 'Tax rate created', message: rate.name }),
    invalidates,
  });
}

export type CatalogAction = 'archive' | 'restore';

export function useTaxRateAction() {
  return useApiMutation({
    mutationFn: ({ taxRateId, action }: { taxRateId: string; name: string; action: CatalogAction }) =>
      callEndpoint(action === 'archive' ? 'archiveTaxRate' : 'restoreTaxRate', { params: { taxRateId } }, { schema: managedTaxRateSchema }),
    success: (_d, { action, name }) => ({ title: action === 'archive' ? 'Tax rate archived' : 'Tax rate restored', message: name }),
    errorTitle: ({ action }) => (action === 'archive' ? 'Archiving tax rate failed' : 'Restoring tax rate failed'),
    invalidates,
  });
}

const noun = (kind: ProductKind) => (kind === 'retail' ? 'Retail item' : 'Fee');

export function useSaveProduct() {
  return useApiMutation({
    mutationFn: ({ productId, body }: { productId: string | null; body: ProductInput }) =>
      productId
        ? callEndpoint('updateProduct', { params: { productId }, body }, { schema: productSchema })
        : callEndpoint('createProduct', { body }, { schema: productSchema }),
    success: (p, { productId }) => ({ title: `${noun(p.kind)} ${productId ? 'saved' : 'created'}`, message: p.name }),
    invalidates: [catalogKeys.all],
  });
}

export function useProductAction() {
  return useApiMutation({
    mutationFn: ({ productId, action }: { productId: string; name: string; kind: ProductKind; action: CatalogAction }) =>
      callEndpoint(action === 'archive' ? 'archiveProduct' : 'restoreProduct', { params: { productId } }, { schema: productSchema }),
    success: (_d, { action, name, kind }) => ({ title: `${noun(kind)} ${action === 'archive' ? 'archived' : 'restored'}`, message: name }),
    errorTitle: ({ action, kind }) => `${action === 'archive' ? 'Archiving' : 'Restoring'} ${noun(kind).toLowerCase()} failed`,
    invalidates: [catalogKeys.all],
  });
}

export function useAdjustStock() {
  return useApiMutation({
    mutationFn: ({ productId, body }: { productId: string; body: StockAdjustment }) =>
      callEndpoint('adjustProductStock', { params: { productId }, body }, { schema: productSchema }),
    success: (p) => ({ title: 'Stock updated', message: `${p.name}: ${p.stockCount ?? 0} in stock` }),
    invalidates: [catalogKeys.all],
  });
}

/**
 * Issue 19: a sale from the catalog is a one-item front-desk sale (createSale): the stock moves, an invoice is made for
 * the athlete (or a walk-in guest) and paid at once by the chosen manual type.
 */
export function useSellProduct() {
  return useApiMutation({
    mutationFn: (body: CartSaleInput) => callEndpoint('createSale', { body }, { schema: cartSaleResultSchema }),
    invalidates: [catalogKeys.all, ['invoices'] as const, ['athletes'] as const],
  });
}

/** The gym's athletes by name or email (the sale's optional buyer). */
export function useAthleteChoices(search: string) {
  return useQuery({
    queryKey: catalogKeys.athletes(search),
    queryFn: ({ signal }) => callEndpoint('athleteSearch', { query: { search, limit: 10 }, signal }, { schema: athleteSearchPageSchema }),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

type ExportFilter = { name: 'taxRatesCsv'; query: Record<string, string> } | { name: 'productsCsv'; query: Record<string, string> };

/** The filtered list as a CSV file, every row of it, saved under the server's name. */
export function useCatalogExport() {
  return useMutation({
    mutationFn: async (e: ExportFilter) => {
      const { blob, fileName } = await downloadEndpoint(e.name, { query: e.query as never });
      saveFile(blob, fileName ?? `${e.name}.csv`);
    },
    onError: (error) => notifyError({ title: 'Export failed', message: errorMessage(error) }),
  });
}

export const taxRatesExport = (p: TaxRateListParams): ExportFilter => ({
  name: 'taxRatesCsv',
  query: { status: p.status, ...(p.search ? { search: p.search } : {}) },
});
export const productsExport = (p: ProductListParams): ExportFilter => ({ name: 'productsCsv', query: productFilter(p) });
