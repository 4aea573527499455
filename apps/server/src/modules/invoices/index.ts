// The invoices module's surface: what other modules use. Another module imports only from '../invoices' (issue 33 item 7,
// decision 048); files inside the module import each other directly.
export { chargeInvoice, dunningDaysOf, nextRetryDate } from './charge';
export type { ChargeResult } from './charge';
export { invoiceAttachmentRenderer, queueInvoiceMail } from './invoice-mail';
export { pdfSafeText } from './invoice-pdf';
export { findInvoiceDetail } from './invoices.repository';
export { createInvoice, gymToday, markOverdue, recordPayment, recordRefund, settleProviderPayment, voidInvoice } from './invoices.service';
export type { NewInvoiceLine } from './invoices.service';
export { PROVIDER_CHANNELS, refundPayment } from './refund';
export type { RefundInput } from './refund';
