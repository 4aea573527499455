// What other features use of invoices (eslint: a feature imports another only through its index).
export { invoiceKeys } from './api/invoices';
export { AthleteInvoicesTab } from './components/athlete-invoices-tab';
export { InvoiceDetailView } from './components/invoice-detail';
export { InvoiceStatusBadge } from './components/invoice-parts';
export { MyInvoicesSection } from './components/my-invoices-section';
