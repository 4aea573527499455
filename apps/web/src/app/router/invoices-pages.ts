import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const InvoicesPage = lazyWithReload(
  'invoices',
  pick(() => import('../../features/invoices/components/invoices-page'), 'InvoicesPage'),
);
const MyInvoicePage = lazyWithReload(
  'my-invoice',
  pick(() => import('../../features/invoices/components/my-invoice-page'), 'MyInvoicePage'),
);

/** Issue 19: `/invoices` for staff holding InvoiceReportsView (spec 2.7), and the athlete's `/invoices/:invoiceId` (spec 2.4). */
export const invoicesPages: PageRegistry = {
  staff: { '/invoices': InvoicesPage },
  staffMobile: { '/invoices': InvoicesPage },
  athlete: { '/invoices/:invoiceId': MyInvoicePage },
};
