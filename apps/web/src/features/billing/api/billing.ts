import { useQuery } from '@tanstack/react-query';
import { billingRunResultSchema, paymentSettingsSchema, type BillingRunResultView, type UpdatePaymentSettingsInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** Issue 19: the gym's payment settings (its dunning schedule). */
export const billingKeys = {
  settings: ['billing', 'settings'] as const,
};

export const usePaymentSettings = (enabled: boolean) =>
  useQuery({ queryKey: billingKeys.settings, queryFn: () => callEndpoint('paymentSettings', {}, { schema: paymentSettingsSchema }), enabled });

export const useUpdatePaymentSettings = () =>
  useApiMutation({
    mutationFn: (body: UpdatePaymentSettingsInput) => callEndpoint('updatePaymentSettings', { body }, { schema: paymentSettingsSchema }),
    success: 'Payment settings saved.',
    invalidates: [billingKeys.settings],
  });

/** Runs the gym's billing now (what the hourly run does); the invoice lists refresh. */
export const useRunBillingNow = () =>
  useApiMutation({
    mutationFn: () => callEndpoint('runBillingNow', {}, { schema: billingRunResultSchema }),
    success: (r) => ({ title: 'Billing run finished', message: runSummary(r) }),
    errorTitle: 'Billing run failed',
    invalidates: [['invoices'] as const, ['athletes'] as const],
  });

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a billing run did, in words ("1 invoice made, 1 saved method being charged, 0 invoices now past due."). */
export function runSummary(r: BillingRunResultView): string {
  if (r.invoices === 0 && r.overdue === 0) return 'Nothing was due.';
  return `${plural(r.invoices, 'invoice', 'invoices')} made, ${plural(r.charges, 'saved method', 'saved methods')} being charged, ${plural(r.overdue, 'invoice', 'invoices')} now past due.`;
}
