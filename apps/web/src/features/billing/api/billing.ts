import { useQuery } from '@tanstack/react-query';
import { paymentSettingsSchema, type UpdatePaymentSettingsInput } from '@spotter/shared';
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
