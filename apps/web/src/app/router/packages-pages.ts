import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const PackagesPage = lazyWithReload(
  'packages',
  pick(() => import('../../features/packages/components/packages-page'), 'PackagesPage'),
);
const ProductsPhonePage = lazyWithReload(
  'products-phone',
  pick(() => import('../../features/packages/components/products-phone-page'), 'ProductsPhonePage'),
);
const PackagePhonePage = lazyWithReload(
  'package-phone',
  pick(() => import('../../features/packages/components/package-phone-page'), 'PackagePhonePage'),
);

/** Products › Packages (issue 18): the package catalogue; on a phone (spec 2.8) `/products` and one package. No permission. */
export const packagesPages: PageRegistry = {
  staff: { '/products/packages': PackagesPage },
  staffMobile: { '/products': ProductsPhonePage, '/packages/:packageId': PackagePhonePage },
};
