import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const MyPackagesPage = lazyWithReload(
  'my-packages',
  pick(() => import('../../features/athlete-packages/components/my-packages-page'), 'MyPackagesPage'),
);
const MyPackagePage = lazyWithReload(
  'my-package',
  pick(() => import('../../features/athlete-packages/components/my-packages-page'), 'MyPackagePage'),
);

/** The athlete's packages (issue 18): the list, and one package with its credits ledger. The staff side is the athlete page's Packages tab. */
export const athletePackagesPages: PageRegistry = {
  athlete: { '/packages': MyPackagesPage, '/packages/:athletePackageId': MyPackagePage },
};
