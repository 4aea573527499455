import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { athleteSearchPageSchema, cartSaleResultSchema, saleCatalogSchema, type CartSaleInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { catalogKeys } from '../../products-catalog';

/** Issue 19 H4: the point of sale's reads sit under ['point-of-sale']. */
export const pointOfSaleKeys = {
  all: ['point-of-sale'] as const,
  catalog: ['point-of-sale', 'catalog'] as const,
  athletes: (search: string) => ['point-of-sale', 'athletes', search] as const,
};

/** The gym's active retail items and fees, with the country and tax setting the totals follow. */
export function useSaleCatalog(enabled: boolean) {
  return useQuery({
    queryKey: pointOfSaleKeys.catalog,
    queryFn: ({ signal }) => callEndpoint('saleCatalog', { signal }, { schema: saleCatalogSchema }),
    enabled,
  });
}

/** The gym's athletes by name or email (the cart's buyer). */
export function useBuyerChoices(search: string) {
  return useQuery({
    queryKey: pointOfSaleKeys.athletes(search),
    queryFn: ({ signal }) => callEndpoint('athleteSearch', { query: { search, limit: 10 }, signal }, { schema: athleteSearchPageSchema }),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Sells the cart: one invoice, stock taken, optionally paid. Stock and invoices change, so the catalogs refresh. */
export function useCreateSale() {
  return useApiMutation({
    mutationFn: (body: CartSaleInput) => callEndpoint('createSale', { body }, { schema: cartSaleResultSchema }),
    invalidates: [pointOfSaleKeys.catalog, catalogKeys.all, ['invoices'] as const, ['athletes'] as const],
  });
}

export function newSaleKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? `pos-${crypto.randomUUID()}` : `pos-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
