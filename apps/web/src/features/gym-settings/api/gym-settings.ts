import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  gymSettingsMessages,
  gymSettingsSchema,
  managedTaxRatePageSchema,
  TAX_RATE_PAGE_LIMIT,
  type ClassDefaults,
  type EmailIdentityInput,
  type GymPayrollSettingsInput,
  type GymProfileSettingsInput,
  type GymRegionSettingsInput,
  type GymSettings,
  type GymTaxSettingsInput,
  type KioskSettings,
} from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { sessionQueryKey } from '../../auth';
import { setupKeys } from '../../event-setup';
import { eventKeys } from '../../events';
import { useApiMutation } from '../../../lib/use-api-mutation';

export const gymSettingsKeys = {
  all: ['gym-settings'] as const,
  settings: ['gym-settings', 'settings'] as const,
  taxRates: ['gym-settings', 'tax-rates'] as const,
};

const schema = { schema: gymSettingsSchema };

export function useGymSettings() {
  return useQuery({ queryKey: gymSettingsKeys.settings, queryFn: ({ signal }) => callEndpoint('gymSettings', { signal }, schema) });
}

/** Each section's PUT, by the section's name; every one answers the whole settings. */
export const saveSection = {
  profile: (body: GymProfileSettingsInput) => callEndpoint('updateGymProfileSettings', { body }, schema),
  region: (body: GymRegionSettingsInput) => callEndpoint('updateGymRegionSettings', { body }, schema),
  tax: (body: GymTaxSettingsInput) => callEndpoint('updateGymTaxSettings', { body }, schema),
  classDefaults: (body: ClassDefaults) => callEndpoint('updateGymClassDefaults', { body }, schema),
  kiosk: (body: KioskSettings) => callEndpoint('updateGymKioskSettings', { body }, schema),
  payroll: (body: GymPayrollSettingsInput) => callEndpoint('updateGymPayrollSettings', { body }, schema),
  emailIdentity: (body: EmailIdentityInput) => callEndpoint('updateGymEmailIdentity', { body }, schema),
};
export type SectionName = keyof typeof saveSection;
type BodyOf<S extends SectionName> = Parameters<(typeof saveSection)[S]>[0];

/**
 * Saves one section: the page then shows what the server kept (its answer replaces the cached settings). Spec 8: the
 * success toast; a refusal's message in a toast, its field messages for the form (onError of the caller).
 */
export function useSaveGymSettings<S extends SectionName>(section: S) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (body: BodyOf<S>) => (saveSection[section] as (b: BodyOf<S>) => Promise<GymSettings>)(body),
    success: gymSettingsMessages.saved,
    errorTitle: 'Settings not saved',
    onSuccess: (answer) => {
      queryClient.setQueryData(gymSettingsKeys.settings, answer);
    },
    // The gym's title, logo, zone and money wording show across the app (session, event settings): refresh them.
    invalidates: () => [sessionQueryKey, eventKeys.all, setupKeys.all],
  });
}

/** The gym's active tax rates, for the classes' default rate (the first 100 by name). */
export function useTaxRateChoices() {
  return useQuery({
    queryKey: gymSettingsKeys.taxRates,
    queryFn: ({ signal }) =>
      callEndpoint('taxRateList', { query: { status: 'active', limit: TAX_RATE_PAGE_LIMIT, offset: 0 }, signal }, { schema: managedTaxRatePageSchema }),
  });
}
