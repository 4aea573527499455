import { z } from 'zod';
import { isoDateSchema, uuidSchema } from './common';
import { athletePackageSources, athletePackageStatuses, billingIntervals, creditReasons, packageKinds, sessionPeriods } from '../rules/packages';
import { paymentChannels } from '../rules/invoices';

/**
 * Issue 18 (contract-athlete-packages): the packages athletes hold, their credits ledger and their lifecycle (hold,
 * cancel, renew, adjust). Money in integer minor units; dates YYYY-MM-DD in the gym's zone; instants ISO strings.
 */

export const athletePackageMessages = {
  holdRange: 'The hold must end on or after the day it starts.',
  deltaNotZero: 'Enter a number of credits other than zero.',
  deltaWhole: 'Enter a whole number of credits.',
  noteRequired: 'Say why the credits change.',
  noteTooLong: 'Keep the note under 200 characters.',
  reasonTooLong: 'Keep the reason under 500 characters.',
  idempotencyKey: 'Send an idempotency key of 8 to 100 characters.',
} as const;

const idempotencyKeySchema = z
  .string({ error: athletePackageMessages.idempotencyKey })
  .min(8, athletePackageMessages.idempotencyKey)
  .max(100, athletePackageMessages.idempotencyKey);

export const athletePackageSchema = z.object({
  athletePackageId: z.uuid(),
  athleteId: z.uuid(),
  athleteName: z.string(),
  package: z.object({ packageId: z.uuid(), name: z.string(), kind: z.enum(packageKinds), category: z.string() }),
  billingPlan: z
    .object({
      billingPlanId: z.uuid(),
      name: z.string(),
      priceMinor: z.number().int(),
      interval: z.enum(billingIntervals),
      intervalCount: z.number().int(),
      paymentCount: z.number().int().nullable(),
    })
    .nullable(),
  status: z.enum(athletePackageStatuses),
  startDate: z.string(),
  endDate: z.string().nullable(),
  nextBillingDate: z.string().nullable(),
  holdStartsOn: z.string().nullable(),
  holdEndsOn: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  priceMinor: z.number().int(),
  signUpFeeMinor: z.number().int(),
  /** null: no credits (unlimited, or N a week/month). */
  credits: z.object({ balance: z.number().int(), granted: z.number().int() }).nullable(),
  /** Memberships with an allowance: used in the current week/month. */
  sessions: z.object({ limit: z.number().int(), per: z.enum(sessionPeriods), used: z.number().int() }).nullable(),
  limits: z.object({ perDay: z.number().int().nullable(), perWeek: z.number().int().nullable() }),
  source: z.enum(athletePackageSources),
  createdAt: z.string(),
});
export type AthletePackage = z.infer<typeof athletePackageSchema>;

export const athletePackageListSchema = z.object({ results: z.array(athletePackageSchema) });
export type AthletePackageList = z.infer<typeof athletePackageListSchema>;

export const creditLedgerRowSchema = z.object({
  creditLedgerId: z.uuid(),
  delta: z.number().int(),
  reason: z.enum(creditReasons),
  note: z.string(),
  reservationId: z.uuid().nullable(),
  event: z.object({ eventId: z.uuid(), name: z.string(), startsAt: z.string() }).nullable(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
});
export type CreditLedgerRow = z.infer<typeof creditLedgerRowSchema>;
export const creditLedgerSchema = z.object({ results: z.array(creditLedgerRowSchema) });
export type CreditLedger = z.infer<typeof creditLedgerSchema>;

export const assignAthletePackageSchema = z.object({
  packageId: uuidSchema,
  billingPlanId: uuidSchema.nullable(),
  startDate: isoDateSchema,
  idempotencyKey: idempotencyKeySchema,
  /**
   * Charge the sale's invoice to the athlete's default saved method at once (the `invoices.charge` job, enqueued with
   * the sale). Needs a saved method and card payments on; a repeat of the sale charges nothing more.
   */
  chargeSavedMethod: z.boolean().default(false),
});
export type AssignAthletePackageInput = z.infer<typeof assignAthletePackageSchema>;

export const holdAthletePackageSchema = z
  .object({ startsOn: isoDateSchema, endsOn: isoDateSchema })
  .refine((v) => v.endsOn >= v.startsOn, { message: athletePackageMessages.holdRange, path: ['endsOn'] });
export type HoldAthletePackageInput = z.infer<typeof holdAthletePackageSchema>;

export const cancelWhens = ['now', 'period_end'] as const;
export type CancelWhen = (typeof cancelWhens)[number];
export const cancelAthletePackageSchema = z.object({
  when: z.enum(cancelWhens, { error: 'Choose when the package ends.' }),
  reason: z.string().trim().max(500, athletePackageMessages.reasonTooLong).default(''),
  /** Staff, with a cancel at once: refund the unused days of the paid period (see cancelRefundPreviewSchema). */
  refundUnused: z.boolean().default(false),
});
export type CancelAthletePackageInput = z.infer<typeof cancelAthletePackageSchema>;

/** Why a cancel at once refunds nothing: no billed period left, nothing paid for it, or no day of it unused. */
export const noRefundReasons = ['no_period', 'nothing_paid', 'nothing_unused'] as const;
export type NoRefundReason = (typeof noRefundReasons)[number];
export const noRefundMessages: Record<NoRefundReason, string> = {
  no_period: 'No billed period is left to refund.',
  nothing_paid: 'Nothing was paid for the current period, so there is nothing to refund.',
  nothing_unused: 'Every day of the current period is used.',
};

/**
 * What a cancel at once would refund today (staff holding InvoiceReportsView): the unused days of the billed periods
 * not yet over (shared `unusedPeriodRefund`), and the payments it would go back to, newest first.
 */
export const cancelRefundPreviewSchema = z.object({
  amountMinor: z.number().int(),
  unusedDays: z.number().int(),
  periodDays: z.number().int(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** The period line had tax (the refund carries its share). */
  includesTax: z.boolean(),
  /** What the period invoices still hold (payments less refunds). */
  paidMinor: z.number().int(),
  payments: z.array(z.object({ paymentId: z.uuid(), invoiceId: z.uuid(), channel: z.enum(paymentChannels), amountMinor: z.number().int() })),
  /** null when there is something to refund. */
  noRefund: z.enum(noRefundReasons).nullable(),
});
export type CancelRefundPreview = z.infer<typeof cancelRefundPreviewSchema>;

/** The cancel's answer: the package after it, and the refund made (null when none was asked for or nothing was due). */
export const cancelledAthletePackageSchema = athletePackageSchema.extend({
  refund: z
    .object({
      amountMinor: z.number().int(),
      unusedDays: z.number().int(),
      /** 'pending': a card refund the provider has not confirmed yet (retried in the background). */
      outcome: z.enum(['refunded', 'pending']),
    })
    .nullable(),
});
export type CancelledAthletePackage = z.infer<typeof cancelledAthletePackageSchema>;

export const renewAthletePackageSchema = z.object({ idempotencyKey: idempotencyKeySchema });
export type RenewAthletePackageInput = z.infer<typeof renewAthletePackageSchema>;

export const adjustCreditsSchema = z.object({
  delta: z
    .number({ error: athletePackageMessages.deltaWhole })
    .int(athletePackageMessages.deltaWhole)
    .min(-10_000, athletePackageMessages.deltaWhole)
    .max(10_000, athletePackageMessages.deltaWhole)
    .refine((d) => d !== 0, athletePackageMessages.deltaNotZero),
  note: z
    .string({ error: athletePackageMessages.noteRequired })
    .trim()
    .min(1, athletePackageMessages.noteRequired)
    .max(200, athletePackageMessages.noteTooLong),
});
export type AdjustCreditsInput = z.infer<typeof adjustCreditsSchema>;
