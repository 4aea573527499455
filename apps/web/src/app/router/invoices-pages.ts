import type { PageRegistry } from './page-registry';
import { InvoicesPage, MyInvoicePage } from './lazy-pages';

/** Issue 19: `/invoices` for staff holding InvoiceReportsView (spec 2.7), and the athlete's `/invoices/:invoiceId` (spec 2.4). */
export const invoicesPages: PageRegistry = {
  staff: { '/invoices': InvoicesPage },
  staffMobile: { '/invoices': InvoicesPage },
  athlete: { '/invoices/:invoiceId': MyInvoicePage },
};
