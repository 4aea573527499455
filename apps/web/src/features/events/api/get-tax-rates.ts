import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TAX_RATE_PAGE_LIMIT, taxRatePageSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { eventKeys } from './query-keys';

/** Spec 7.3: GET tax-rates/ with limit 100, offset 0 and the search. */
export function getTaxRates(search: string) {
  return callEndpoint('taxRates', { query: { limit: TAX_RATE_PAGE_LIMIT, offset: 0, search } }, { schema: taxRatePageSchema });
}

export function taxRatesQueryOptions(search: string) {
  return queryOptions({ queryKey: eventKeys.taxRates(search), queryFn: () => getTaxRates(search), placeholderData: keepPreviousData, staleTime: 60_000 });
}

export function useTaxRates(search: string) {
  return useQuery(taxRatesQueryOptions(search));
}
