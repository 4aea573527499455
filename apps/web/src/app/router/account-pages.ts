import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const AccountPage = lazyWithReload(
  'account-page',
  pick(() => import('../../features/account/components/account-page'), 'AccountPage'),
);

/** The account screens that are routes of their own (phones and the athlete app). */
export const accountPages: PageRegistry = {
  athlete: { '/account': AccountPage },
  staffMobile: { '/account': AccountPage },
};
