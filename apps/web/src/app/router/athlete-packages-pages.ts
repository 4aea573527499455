import type { PageRegistry } from './page-registry';
import { MyPackagePage, MyPackagesPage } from './lazy-pages';

/** The athlete's packages (issue 18): the list, and one package with its credits ledger. The staff side is the athlete page's Packages tab. */
export const athletePackagesPages: PageRegistry = {
  athlete: { '/packages': MyPackagesPage, '/packages/:athletePackageId': MyPackagePage },
};
