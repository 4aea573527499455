import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  athletePackageListSchema,
  athletePackageSchema,
  cancelledAthletePackageSchema,
  cancelRefundPreviewSchema,
  creditLedgerSchema,
  formatMoney,
  type GymCountry,
  type AdjustCreditsInput,
  type AthletePackage,
  type CancelAthletePackageInput,
  type HoldAthletePackageInput,
  type AssignAthletePackageInput,
} from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** Every read of athlete packages sits under ['athlete-packages']: a write refreshes them all (and the athlete record's overview). */
export const athletePackageKeys = {
  all: ['athlete-packages'] as const,
  ofAthlete: (athleteId: string) => ['athlete-packages', 'athlete', athleteId] as const,
  one: (id: string) => ['athlete-packages', 'one', id] as const,
  ledger: (id: string) => ['athlete-packages', 'ledger', id] as const,
  cancelRefund: (id: string) => ['athlete-packages', 'cancel-refund', id] as const,
  mine: ['athlete-packages', 'mine'] as const,
  catalog: ['athlete-packages', 'catalog'] as const,
};

export const useAthletePackages = (athleteId: string) =>
  useQuery({
    queryKey: athletePackageKeys.ofAthlete(athleteId),
    queryFn: () => callEndpoint('athletePackages', { params: { athleteId } }, { schema: athletePackageListSchema }),
  });

export const useMyPackages = () =>
  useQuery({ queryKey: athletePackageKeys.mine, queryFn: () => callEndpoint('myPackages', {}, { schema: athletePackageListSchema }) });

export const useAthletePackage = (id: string) =>
  useQuery({
    queryKey: athletePackageKeys.one(id),
    queryFn: () => callEndpoint('athletePackage', { params: { athletePackageId: id } }, { schema: athletePackageSchema }),
  });

export const usePackageLedger = (id: string, enabled = true) =>
  useQuery({
    queryKey: athletePackageKeys.ledger(id),
    queryFn: () => callEndpoint('athletePackageLedger', { params: { athletePackageId: id } }, { schema: creditLedgerSchema }),
    enabled,
  });

/** What a cancel at once would refund today (staff holding Invoices); read fresh each time the dialog asks. */
export const useCancelRefundPreview = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: athletePackageKeys.cancelRefund(id),
    queryFn: () => callEndpoint('athletePackageCancelRefund', { params: { athletePackageId: id } }, { schema: cancelRefundPreviewSchema }),
    enabled,
    staleTime: 0,
  });

/** What the sell dialog reads of the catalogue (GET /api/packages/, the catalogue's endpoint): the active packages and their plans. */
const catalogPlanSchema = z.object({
  billingPlanId: z.string(),
  name: z.string(),
  priceMinor: z.number().int(),
  interval: z.enum(['week', 'month', 'year']),
  intervalCount: z.number().int(),
  paymentCount: z.number().int().nullable(),
  startsOn: z.string().optional(),
  dayOfMonth: z.number().int().nullable().optional(),
  prorate: z.boolean().optional(),
});
const catalogPackageSchema = z.object({
  packageId: z.string(),
  name: z.string(),
  kind: z.enum(['membership', 'class_pack', 'drop_in', 'trial']),
  category: z.string().nullable().optional(),
  credits: z.number().int().nullable().optional(),
  validityDays: z.number().int().nullable().optional(),
  signUpFeeMinor: z.number().int().optional(),
  /** The rate the sale's invoice lines are taxed at (issue 34 item 8: the dialog shows the tax). */
  taxRate: z.object({ name: z.string(), percent: z.string() }).nullable().optional(),
  cancellationNoticeDays: z.number().int().optional(),
  billingPlans: z.array(catalogPlanSchema),
});
export type CatalogPackage = z.infer<typeof catalogPackageSchema>;
const catalogPageSchema = z.object({ results: z.array(catalogPackageSchema) });
export type CatalogPlan = z.infer<typeof catalogPlanSchema>;

/** The active packages a member can be sold (the catalogue's list, its first 100). */
async function fetchCatalog(): Promise<CatalogPackage[]> {
  // Read with the fields the sell dialog uses (the catalogue's full answer carries more).
  return catalogPageSchema.parse(await callEndpoint('packages', { query: { status: 'active', limit: 100, offset: 0 } })).results;
}

export const useSellableCatalog = (enabled: boolean) => useQuery({ queryKey: athletePackageKeys.catalog, queryFn: fetchCatalog, enabled, staleTime: 60_000 });

/** Every write refreshes the packages and the athlete record (its overview lists packages, its header the membership). */
const refreshAll = [athletePackageKeys.all, ['athlete-record']] as const;
/** A sale makes an invoice (and may charge it), a cancel may refund one: the invoices too. */
const refreshWithInvoices = [...refreshAll, ['invoices'], ['payments']] as const;

const named = (p: AthletePackage) => p.package.name;

export const useSellPackage = (athleteId: string) =>
  useApiMutation({
    mutationFn: (body: AssignAthletePackageInput) => callEndpoint('assignAthletePackage', { params: { athleteId }, body }, { schema: athletePackageSchema }),
    success: (p, v) =>
      v.chargeSavedMethod
        ? `${named(p)} was added for ${p.athleteName}; its invoice is being charged to the saved method.`
        : `${named(p)} was added for ${p.athleteName}.`,
    invalidates: refreshWithInvoices,
  });

export const useHoldPackage = (id: string) =>
  useApiMutation({
    mutationFn: (body: HoldAthletePackageInput) =>
      callEndpoint('holdAthletePackage', { params: { athletePackageId: id }, body }, { schema: athletePackageSchema }),
    success: (p) => `${named(p)} is on hold.`,
    invalidates: refreshAll,
  });

export const useRemoveHold = (id: string) =>
  useApiMutation({
    mutationFn: () => callEndpoint('removeAthletePackageHold', { params: { athletePackageId: id } }, { schema: athletePackageSchema }),
    success: (p) => `The hold on ${named(p)} was removed.`,
    errorTitle: 'Could not remove the hold',
    invalidates: refreshAll,
  });

export const useCancelPackage = (id: string, country: GymCountry | null = null) =>
  useApiMutation({
    mutationFn: (body: CancelAthletePackageInput) =>
      callEndpoint('cancelAthletePackage', { params: { athletePackageId: id }, body }, { schema: cancelledAthletePackageSchema }),
    success: (p, v) => {
      if (v.when !== 'now') return `${named(p)} will end at the end of its period.`;
      if (!p.refund) return `${named(p)} was cancelled.`;
      const amount = formatMoney(p.refund.amountMinor, country);
      return p.refund.outcome === 'refunded'
        ? `${named(p)} was cancelled and ${amount} refunded.`
        : `${named(p)} was cancelled; the card refund of ${amount} is being processed.`;
    },
    invalidates: refreshWithInvoices,
  });

export const useRenewPackage = (id: string) =>
  useApiMutation({
    mutationFn: (idempotencyKey: string) =>
      callEndpoint('renewAthletePackage', { params: { athletePackageId: id }, body: { idempotencyKey } }, { schema: athletePackageSchema }),
    success: (p) => `${named(p)} was renewed.`,
    invalidates: refreshAll,
  });

export const useAdjustCredits = (id: string) =>
  useApiMutation({
    mutationFn: (body: AdjustCreditsInput) =>
      callEndpoint('adjustAthletePackageCredits', { params: { athletePackageId: id }, body }, { schema: athletePackageSchema }),
    success: (p) => `Credits adjusted: ${p.credits?.balance ?? 0} left.`,
    invalidates: refreshAll,
  });
