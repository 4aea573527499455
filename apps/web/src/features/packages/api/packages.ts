import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  PACKAGE_PAGE_SIZE,
  appointmentTypePageSchema,
  classTypePageSchema,
  eventSetupOptionsSchema,
  packageCategoriesSchema,
  packagePageSchema,
  packageSchema,
  type PackageInput,
  type PackageKind,
  type SetupStatus,
} from '@spotter/shared';
import { callEndpoint, downloadEndpoint, errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** One page of the package list: Active or Archived, a kind (or every kind), a category (or every one), the search, the page (from 1). */
export type PackageListParams = { status: SetupStatus; kind: PackageKind | null; category?: string | null; search: string; page: number };

export const packageKeys = {
  all: ['packages'] as const,
  list: (p: PackageListParams) => ['packages', 'list', p] as const,
  one: (packageId: string) => ['packages', 'one', packageId] as const,
  coverage: ['packages', 'coverage'] as const,
  categories: ['packages', 'categories'] as const,
};

type ListFilter = Pick<PackageListParams, 'status' | 'kind' | 'category' | 'search'>;
const filterQuery = ({ status, kind, category, search }: ListFilter) => ({
  status,
  ...(kind ? { kind } : {}),
  ...(category ? { category } : {}),
  ...(search ? { search } : {}),
});

/** GET /api/packages/categories/: the categories the gym's packages use (the list's category filter). */
export function usePackageCategories() {
  return useQuery({
    queryKey: packageKeys.categories,
    queryFn: ({ signal }) => callEndpoint('packageCategories', { signal }, { schema: packageCategoriesSchema }),
  });
}

/** GET /api/packages/: a page of the gym's packages with their billing plans. */
export function packagesQueryOptions(params: PackageListParams, limit = PACKAGE_PAGE_SIZE) {
  return queryOptions({
    queryKey: [...packageKeys.list(params), limit],
    queryFn: ({ signal }) =>
      callEndpoint('packages', { query: { ...filterQuery(params), limit, offset: (params.page - 1) * limit }, signal }, { schema: packagePageSchema }),
    placeholderData: keepPreviousData,
  });
}

export function usePackages(params: PackageListParams, limit?: number) {
  return useQuery(packagesQueryOptions(params, limit));
}

export function usePackage(packageId: string) {
  return useQuery({
    queryKey: packageKeys.one(packageId),
    queryFn: ({ signal }) => callEndpoint('package', { params: { packageId }, signal }, { schema: packageSchema }),
  });
}

/** What a package may cover (the gym's active class and appointment types) and its tax rates, for the form. */
export function usePackageFormOptions() {
  return useQuery({
    queryKey: packageKeys.coverage,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const [classTypes, appointmentTypes, options] = await Promise.all([
        callEndpoint('classTypes', { query: { status: 'active', limit: 100, offset: 0 }, signal }, { schema: classTypePageSchema }),
        callEndpoint('appointmentTypes', { query: { status: 'active', limit: 100, offset: 0 }, signal }, { schema: appointmentTypePageSchema }),
        callEndpoint('eventSetupOptions', { signal }, { schema: eventSetupOptionsSchema }),
      ]);
      return {
        classTypes: classTypes.results.map((t) => ({ value: t.classTypeId, label: t.name })),
        appointmentTypes: appointmentTypes.results.map((t) => ({ value: t.appointmentTypeId, label: t.name })),
        taxRates: options.taxRates,
      };
    },
  });
}

const invalidates = [packageKeys.all];

export function useCreatePackage() {
  return useApiMutation({
    mutationFn: (body: PackageInput) => callEndpoint('createPackage', { body }, { schema: packageSchema }),
    success: (p) => ({ title: 'Package created', message: p.name }),
    errorTitle: 'Creating package failed',
    invalidates,
  });
}

export function useUpdatePackage() {
  return useApiMutation({
    mutationFn: ({ packageId, body }: { packageId: string; body: PackageInput }) =>
      callEndpoint('updatePackage', { params: { packageId }, body }, { schema: packageSchema }),
    success: (p) => ({ title: 'Package saved', message: p.name }),
    errorTitle: 'Saving package failed',
    invalidates,
  });
}

export type PackageAction = 'archive' | 'restore';
const actionEndpoint = { archive: 'archivePackage', restore: 'restorePackage' } as const;
const actionTexts: Record<PackageAction, { success: string; failure: string }> = {
  archive: { success: 'Package archived', failure: 'Archiving package failed' },
  restore: { success: 'Package restored', failure: 'Restoring package failed' },
};

export function usePackageAction() {
  return useApiMutation({
    mutationFn: ({ packageId, action }: { packageId: string; name: string; action: PackageAction }) =>
      callEndpoint(actionEndpoint[action], { params: { packageId } }),
    success: (_data, { action, name }) => ({ title: actionTexts[action].success, message: name }),
    errorTitle: ({ action }) => actionTexts[action].failure,
    invalidates,
  });
}

/** The filtered packages as a CSV file (every one of the filter), saved under the server's name. */
export function useExportPackages() {
  return useMutation({
    mutationFn: async (filter: ListFilter) => {
      const { blob, fileName } = await downloadEndpoint('packagesCsv', { query: filterQuery(filter) });
      saveFile(blob, fileName ?? 'packages.csv');
    },
    onError: (error) => notifyError({ title: 'Export failed', message: errorMessage(error) }),
  });
}
