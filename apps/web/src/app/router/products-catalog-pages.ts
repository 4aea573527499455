import type { PageRegistry } from './page-registry';
import { FeesPage, RetailPage, TaxRatesPage } from './lazy-pages';

/** The Products menu's catalog (spec 2.7, issue 18): retail, fees and tax rates. No permission (spec 6). */
export const productsCatalogPages: PageRegistry = {
  staff: { '/products/retail': RetailPage, '/products/fees-and-misc-products': FeesPage, '/products/tax-rates': TaxRatesPage },
  staffMobile: { '/products/retail': RetailPage, '/products/fees-and-misc-products': FeesPage, '/products/tax-rates': TaxRatesPage },
};
