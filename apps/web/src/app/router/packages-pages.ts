import type { PageRegistry } from './page-registry';
import { PackagePhonePage, PackagesPage, ProductsPhonePage } from './lazy-pages';

/** Products › Packages (issue 18): the package catalogue; on a phone (spec 2.8) `/products` and one package. No permission. */
export const packagesPages: PageRegistry = {
  staff: { '/products/packages': PackagesPage },
  staffMobile: { '/products': ProductsPhonePage, '/packages/:packageId': PackagePhonePage },
};
