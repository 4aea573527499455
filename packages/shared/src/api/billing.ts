import { z } from 'zod';
import { MAX_DUNNING_RETRIES } from '../rules/invoices';

/** Issue 19: the gym's payment settings (InvoiceReportsView header): the days on which a failed charge is retried. */

export const billingMessages = {
  dunningDay: 'Each retry day is a whole number from 1 to 60.',
  dunningCount: `Choose from 1 to ${MAX_DUNNING_RETRIES} retry days.`,
  dunningOrder: 'List the retry days in ascending order, each once.',
} as const;

export const MAX_DUNNING_DAY = 60;

export const dunningDaysSchema = z
  .array(
    z
      .number({ error: billingMessages.dunningDay })
      .int(billingMessages.dunningDay)
      .min(1, billingMessages.dunningDay)
      .max(MAX_DUNNING_DAY, billingMessages.dunningDay),
    {
      error: billingMessages.dunningCount,
    },
  )
  .min(1, billingMessages.dunningCount)
  .max(MAX_DUNNING_RETRIES, billingMessages.dunningCount)
  .refine((days) => days.every((d, i) => i === 0 || d > days[i - 1]!), { message: billingMessages.dunningOrder });

export const paymentSettingsSchema = z.object({
  /** Days after the first failed charge on which it is retried (default 1, 3, 7). */
  dunningDays: z.array(z.number().int()),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const updatePaymentSettingsSchema = z.object({ dunningDays: dunningDaysSchema });
export type UpdatePaymentSettingsInput = z.infer<typeof updatePaymentSettingsSchema>;

/** What a billing run started by hand did: invoices made, charges of saved methods queued, invoices marked past due. */
export const billingRunResultSchema = z.object({ invoices: z.number().int(), charges: z.number().int(), overdue: z.number().int() });
export type BillingRunResultView = z.infer<typeof billingRunResultSchema>;
