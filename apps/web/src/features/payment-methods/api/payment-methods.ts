import { useQuery } from '@tanstack/react-query';
import {
  chargeResultSchema,
  onboardingLinkSchema,
  paymentAccountSchema,
  paymentMethodListSchema,
  setupIntentSchema,
  stripeDashboardSchema,
  type PayWithSavedMethodInput,
  type SaveMethodInput,
} from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** Issue 19: every read of payments sits under ['payments']; invoices under ['invoices'] (H1's feature) are refreshed after a charge. */
export const paymentKeys = {
  all: ['payments'] as const,
  account: ['payments', 'account'] as const,
  dashboard: ['payments', 'dashboard'] as const,
  mine: ['payments', 'methods', 'mine'] as const,
  ofAthlete: (athleteId: string) => ['payments', 'methods', 'athlete', athleteId] as const,
};
const refreshAfterCharge = [paymentKeys.all, ['invoices'] as const, ['athletes'] as const];

export const usePaymentAccount = () =>
  useQuery({ queryKey: paymentKeys.account, queryFn: () => callEndpoint('paymentAccount', {}, { schema: paymentAccountSchema }) });

export const useStartOnboarding = () =>
  useApiMutation({
    mutationFn: () => callEndpoint('startPaymentOnboarding', {}, { schema: onboardingLinkSchema }),
    errorTitle: 'Could not start payment setup',
  });

export const useStripeDashboard = () =>
  useQuery({ queryKey: paymentKeys.dashboard, queryFn: () => callEndpoint('stripeDashboard', {}, { schema: stripeDashboardSchema }) });

export const useMyPaymentMethods = () =>
  useQuery({ queryKey: paymentKeys.mine, queryFn: () => callEndpoint('myPaymentMethods', {}, { schema: paymentMethodListSchema }) });

export const useAthletePaymentMethods = (athleteId: string) =>
  useQuery({
    queryKey: paymentKeys.ofAthlete(athleteId),
    queryFn: () => callEndpoint('athletePaymentMethods', { params: { athleteId } }, { schema: paymentMethodListSchema }),
    enabled: athleteId !== '',
  });

export const useStartSavingMethod = () =>
  useApiMutation({
    mutationFn: () => callEndpoint('startSavingMethod', {}, { schema: setupIntentSchema }),
    errorTitle: 'Could not start adding a payment method',
  });

export const useSaveMethod = () =>
  useApiMutation({
    mutationFn: (body: SaveMethodInput) => callEndpoint('saveMyPaymentMethod', { body }, { schema: paymentMethodListSchema }),
    success: () => 'The payment method was saved.',
    invalidates: [paymentKeys.all],
  });

export const useRemoveMethod = () =>
  useApiMutation({
    mutationFn: (paymentMethodId: string) => callEndpoint('removeMyPaymentMethod', { params: { paymentMethodId } }, { schema: paymentMethodListSchema }),
    success: () => 'The payment method was removed.',
    errorTitle: 'Could not remove the payment method',
    invalidates: [paymentKeys.all],
  });

/** The athlete pays their invoice; the outcome (paid, pending, declined) is shown by the caller, not as a toast. */
export const usePayMyInvoice = (invoiceId: string) =>
  useApiMutation({
    mutationFn: (body: PayWithSavedMethodInput) => callEndpoint('payMyInvoice', { params: { invoiceId }, body }, { schema: chargeResultSchema }),
    errorTitle: 'Could not pay the invoice',
    invalidates: refreshAfterCharge,
  });

/** Staff charge an invoice to one of the athlete's saved methods. */
export const useChargeInvoice = (invoiceId: string) =>
  useApiMutation({
    mutationFn: (body: PayWithSavedMethodInput) => callEndpoint('chargeInvoice', { params: { invoiceId }, body }, { schema: chargeResultSchema }),
    errorTitle: 'Could not charge the saved method',
    invalidates: refreshAfterCharge,
  });
