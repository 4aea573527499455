/**
 * Issue 19 (decision 033): invoices and payments, the rules shared by the server, the web app and the tests.
 * Money is integer minor units. An invoice's state is derived from its figures by `invoiceStateOf`, never set by hand
 * (except void and draft), so paid, balance and state cannot disagree.
 */
import type { GymCountry } from '../roles';

export const invoiceStatuses = ['draft', 'open', 'paid', 'partially_paid', 'past_due', 'void', 'refunded', 'partially_refunded'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  partially_paid: 'Partially paid',
  past_due: 'Past due',
  void: 'Void',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};

/** What made an invoice. */
export const invoiceSources = ['package', 'billing_period', 'sign_up_fee', 'late_cancel', 'no_show', 'sale', 'manual'] as const;
export type InvoiceSource = (typeof invoiceSources)[number];

export const invoiceSourceLabels: Record<InvoiceSource, string> = {
  package: 'Package purchase',
  billing_period: 'Billing period',
  sign_up_fee: 'Sign-up fee',
  late_cancel: 'Late cancel fee',
  no_show: 'No-show fee',
  sale: 'Front-desk sale',
  manual: 'Manual invoice',
};

/** Spec 3: the manual payment types, with their labels as the spec writes them. */
export const manualPaymentTypes = ['cash_or_check', 'gift_card', 'e_transfer', 'pos_terminal'] as const;
export type ManualPaymentType = (typeof manualPaymentTypes)[number];
export const manualPaymentTypeLabels: Record<ManualPaymentType, string> = {
  cash_or_check: 'Cash or Check',
  gift_card: 'Gift Card',
  e_transfer: 'E Transfer',
  pos_terminal: 'POS Terminal',
};

/** Spec 3: saved payment method types. */
export const paymentMethodTypes = ['CARD', 'US_BANK_ACCOUNT', 'ACSS_DEBIT'] as const;
export type PaymentMethodType = (typeof paymentMethodTypes)[number];
export const paymentMethodTypeLabels: Record<PaymentMethodType, string> = {
  CARD: 'Card',
  US_BANK_ACCOUNT: 'US bank account',
  ACSS_DEBIT: 'ACSS debit',
};

/** How a payment was made: one of the manual types, or a saved method charged through the provider. */
export const paymentChannels = [...manualPaymentTypes, 'card', 'us_bank_account', 'acss_debit'] as const;
export type PaymentChannel = (typeof paymentChannels)[number];
export const paymentChannelLabels: Record<PaymentChannel, string> = {
  ...manualPaymentTypeLabels,
  card: 'Card',
  us_bank_account: 'US bank account',
  acss_debit: 'ACSS debit',
};

/** Issue 34: a payment channel as the gym's country spells it: "Cash or Cheque" outside the US. */
export function paymentChannelLabel(channel: PaymentChannel, country: GymCountry | null | undefined): string {
  return channel === 'cash_or_check' && country && country !== 'US' ? 'Cash or Cheque' : paymentChannelLabels[channel];
}

/** The manual payment types as choices, in the gym's country's spelling. */
export const manualPaymentChoices = (country: GymCountry | null | undefined) =>
  manualPaymentTypes.map((t) => ({ value: t, label: paymentChannelLabel(t, country) }));

export function channelOfMethodType(type: PaymentMethodType): PaymentChannel {
  return type === 'CARD' ? 'card' : type === 'US_BANK_ACCOUNT' ? 'us_bank_account' : 'acss_debit';
}

/** A payment row is money in ('payment') or money back ('refund'); a provider charge may still be pending or have failed. */
export const paymentKinds = ['payment', 'refund'] as const;
export type PaymentKind = (typeof paymentKinds)[number];
export const paymentStatuses = ['pending', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** The dunning schedule: days after the first failed charge on which the charge is retried (gym setting). */
export const DEFAULT_DUNNING_DAYS: readonly number[] = [1, 3, 7];
export const MAX_DUNNING_RETRIES = 10;

export type InvoiceFigures = {
  totalMinor: number;
  /** Succeeded payments. */
  paymentsMinor: number;
  /** Succeeded refunds. */
  refundsMinor: number;
  isVoid: boolean;
  isDraft: boolean;
  /** YYYY-MM-DD, the gym's local date. */
  dueDate: string;
  /** YYYY-MM-DD, today in the gym's zone. */
  today: string;
  /** A charge of a saved method failed and was not yet paid (dunning). */
  hasFailedCharge?: boolean;
};

/** paid = payments − refunds. */
export function paidOf(f: Pick<InvoiceFigures, 'paymentsMinor' | 'refundsMinor'>): number {
  return f.paymentsMinor - f.refundsMinor;
}

/** balance = total − paid. */
export function balanceOf(f: Pick<InvoiceFigures, 'totalMinor' | 'paymentsMinor' | 'refundsMinor'>): number {
  return f.totalMinor - paidOf(f);
}

/** The state an invoice's figures put it in (spec-free wording in `invoiceStatusLabels`). */
export function invoiceStateOf(f: InvoiceFigures): InvoiceStatus {
  if (f.isVoid) return 'void';
  if (f.isDraft) return 'draft';
  const paid = paidOf(f);
  if (f.refundsMinor > 0) {
    if (paid <= 0) return 'refunded';
    return 'partially_refunded';
  }
  if (f.totalMinor === 0 || paid >= f.totalMinor) return 'paid';
  if (f.hasFailedCharge || f.dueDate < f.today) return 'past_due';
  if (paid > 0) return 'partially_paid';
  return 'open';
}

export type PaymentRefusal = { code: 'invoice_void' | 'invoice_draft' | 'nothing_due' | 'amount_too_large' | 'amount_not_positive'; message: string };

/** Whether a payment of `amountMinor` may be taken on an invoice: never more than its balance. */
export function paymentRefusal(f: InvoiceFigures, amountMinor: number): PaymentRefusal | null {
  if (!Number.isInteger(amountMinor) || amountMinor <= 0) return { code: 'amount_not_positive', message: 'Enter an amount greater than zero.' };
  if (f.isVoid) return { code: 'invoice_void', message: 'This invoice is void and cannot be paid.' };
  if (f.isDraft) return { code: 'invoice_draft', message: 'Finalise this draft invoice before taking a payment.' };
  const balance = balanceOf(f);
  if (balance <= 0) return { code: 'nothing_due', message: 'This invoice has nothing left to pay.' };
  if (amountMinor > balance) return { code: 'amount_too_large', message: 'The amount is more than the invoice balance.' };
  return null;
}

export type RefundRefusal = { code: 'invoice_void' | 'amount_not_positive' | 'amount_too_large' | 'payment_not_refundable'; message: string };

/** A refund of a payment: at most what that payment still holds (its amount less its refunds), so no balance goes negative. */
export function refundRefusal(
  payment: { amountMinor: number; refundedMinor: number; status: PaymentStatus; kind: PaymentKind },
  amountMinor: number,
  isVoid: boolean,
): RefundRefusal | null {
  if (!Number.isInteger(amountMinor) || amountMinor <= 0) return { code: 'amount_not_positive', message: 'Enter an amount greater than zero.' };
  if (payment.kind !== 'payment' || payment.status !== 'succeeded')
    return { code: 'payment_not_refundable', message: 'Only a completed payment can be refunded.' };
  if (isVoid) return { code: 'invoice_void', message: 'This invoice is void.' };
  if (amountMinor > payment.amountMinor - payment.refundedMinor)
    return { code: 'amount_too_large', message: 'The refund is more than what is left of this payment.' };
  return null;
}

/** A void is allowed only while nothing is paid (refund first). */
export function voidRefusal(f: InvoiceFigures): { code: 'invoice_paid' | 'invoice_void'; message: string } | null {
  if (f.isVoid) return { code: 'invoice_void', message: 'This invoice is already void.' };
  if (paidOf(f) > 0) return { code: 'invoice_paid', message: 'Refund the payments on this invoice before voiding it.' };
  return null;
}

/** An invoice number as printed: the gym's running number, zero-padded ("INV-000042"). */
export function invoiceNumberText(n: number): string {
  return `INV-${String(n).padStart(6, '0')}`;
}
