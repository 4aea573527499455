import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const TaxRatesPage = lazyWithReload(
  'products-tax-rates',
  pick(() => import('../../features/products-catalog/components/tax-rates-page'), 'TaxRatesPage'),
);
const RetailPage = lazyWithReload(
  'products-retail',
  pick(() => import('../../features/products-catalog/components/products-page'), 'RetailPage'),
);
const FeesPage = lazyWithReload(
  'products-fees',
  pick(() => import('../../features/products-catalog/components/products-page'), 'FeesPage'),
);

/** The Products menu's catalog (spec 2.7, issue 18): retail, fees and tax rates. No permission (spec 6). */
export const productsCatalogPages: PageRegistry = {
  staff: { '/products/retail': RetailPage, '/products/fees-and-misc-products': FeesPage, '/products/tax-rates': TaxRatesPage },
  staffMobile: { '/products/retail': RetailPage, '/products/fees-and-misc-products': FeesPage, '/products/tax-rates': TaxRatesPage },
};
