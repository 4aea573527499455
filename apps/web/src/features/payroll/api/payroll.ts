import { useMutation, useQuery, keepPreviousData } from '@tanstack/react-query';
import {
  payAssignmentListSchema,
  payAssignmentSchema,
  payRateListSchema,
  payRateSchema,
  payrollOptionsSchema,
  payrollReportSchema,
  workCategoryListSchema,
  workCategorySchema,
  workEntryListSchema,
  workEntrySchema,
  type PayAssignmentInput,
  type PayRateInput,
  type PayrollReportQuery,
  type WorkEntryInput,
} from '@spotter/shared';
import { callEndpoint, downloadEndpoint, errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** Issue 37: payroll's reads sit under ['payroll'] so a write refreshes them all (a rate change shows in the report). */
export const payrollKeys = {
  all: ['payroll'] as const,
  rates: (status: 'active' | 'archived') => ['payroll', 'rates', status] as const,
  assignableRates: ['payroll', 'rates', 'active'] as const,
  options: ['payroll', 'options'] as const,
  assignments: (staffId: string | null) => ['payroll', 'assignments', staffId] as const,
  categories: ['payroll', 'categories'] as const,
  entries: (scope: 'mine' | 'all', status: string) => ['payroll', 'entries', scope, status] as const,
  report: (q: PayrollReportQuery) => ['payroll', 'report', q] as const,
};

export function usePayRates(status: 'active' | 'archived') {
  return useQuery({
    queryKey: payrollKeys.rates(status),
    queryFn: ({ signal }) => callEndpoint('payRates', { query: { status }, signal }, { schema: payRateListSchema }),
  });
}

export function usePayrollOptions() {
  return useQuery({ queryKey: payrollKeys.options, queryFn: ({ signal }) => callEndpoint('payrollOptions', { signal }, { schema: payrollOptionsSchema }) });
}

export function usePayAssignments(staffId: string | null) {
  return useQuery({
    queryKey: payrollKeys.assignments(staffId),
    queryFn: ({ signal }) => callEndpoint('payAssignments', { query: staffId ? { staffId } : {}, signal }, { schema: payAssignmentListSchema }),
  });
}

export function useWorkCategories() {
  return useQuery({
    queryKey: payrollKeys.categories,
    queryFn: ({ signal }) => callEndpoint('workCategories', { signal }, { schema: workCategoryListSchema }),
  });
}

export function useWorkEntries(scope: 'mine' | 'all', status: 'pending' | 'approved' | 'rejected' | 'any', enabled = true) {
  return useQuery({
    queryKey: payrollKeys.entries(scope, status),
    queryFn: ({ signal }) => callEndpoint('workEntries', { query: { scope, status }, signal }, { schema: workEntryListSchema }),
    enabled,
  });
}

export function usePayrollReport(query: PayrollReportQuery) {
  return useQuery({
    queryKey: payrollKeys.report(query),
    queryFn: ({ signal }) => callEndpoint('payrollReport', { query, signal }, { schema: payrollReportSchema }),
    placeholderData: keepPreviousData,
  });
}

const invalidates = [payrollKeys.all];

export function useSavePayRate() {
  return useApiMutation({
    mutationFn: ({ payRateId, body }: { payRateId: string | null; body: PayRateInput }) =>
      payRateId
        ? callEndpoint('updatePayRate', { params: { payRateId }, body }, { schema: payRateSchema })
        : callEndpoint('createPayRate', { body }, { schema: payRateSchema }),
    success: (rate, { payRateId }) => ({ title: payRateId ? 'Pay rate saved' : 'Pay rate created', message: rate.name }),
    errorTitle: ({ payRateId }) => (payRateId ? 'Could not save the pay rate' : 'Could not create the pay rate'),
    invalidates,
  });
}

export function usePayRateAction() {
  return useApiMutation({
    mutationFn: ({ payRateId, action }: { payRateId: string; name: string; action: 'archive' | 'restore' | 'delete' }) =>
      action === 'delete'
        ? callEndpoint('deletePayRate', { params: { payRateId } })
        : callEndpoint(action === 'archive' ? 'archivePayRate' : 'restorePayRate', { params: { payRateId } }, { schema: payRateSchema }),
    success: (_d, { name, action }) => ({
      title: action === 'delete' ? 'Pay rate deleted' : action === 'archive' ? 'Pay rate archived' : 'Pay rate restored',
      message: name,
    }),
    errorTitle: ({ action }) => `Could not ${action} the pay rate`,
    invalidates,
  });
}

export function useCreateAssignment() {
  return useApiMutation({
    mutationFn: (body: PayAssignmentInput) => callEndpoint('createPayAssignment', { body }, { schema: payAssignmentSchema }),
    success: (a) => ({ title: 'Rate assigned', message: `${a.staffName}: ${a.payRateName} for ${a.targetName}` }),
    invalidates,
  });
}

export function useDeleteAssignment() {
  return useApiMutation({
    mutationFn: (assignmentId: string) => callEndpoint('deletePayAssignment', { params: { assignmentId } }),
    success: 'Assignment removed',
    errorTitle: 'Could not remove the assignment',
    invalidates,
  });
}

export function useCreateWorkCategory() {
  return useApiMutation({
    mutationFn: (name: string) => callEndpoint('createWorkCategory', { body: { name } }, { schema: workCategorySchema }),
    success: (c) => ({ title: 'Work category added', message: c.name }),
    invalidates,
  });
}

export function useSaveWorkEntry() {
  return useApiMutation({
    mutationFn: ({ workEntryId, body }: { workEntryId: string | null; body: WorkEntryInput }) =>
      workEntryId
        ? callEndpoint('updateWorkEntry', { params: { workEntryId }, body }, { schema: workEntrySchema })
        : callEndpoint('createWorkEntry', { body }, { schema: workEntrySchema }),
    success: (_e, { workEntryId }) => (workEntryId ? 'Entry saved' : 'Time logged'),
    invalidates,
  });
}

export function useDeleteWorkEntry() {
  return useApiMutation({
    mutationFn: (workEntryId: string) => callEndpoint('deleteWorkEntry', { params: { workEntryId } }),
    success: 'Entry deleted',
    errorTitle: 'Could not delete the entry',
    invalidates,
  });
}

export function useReviewWorkEntry() {
  return useApiMutation({
    mutationFn: ({ workEntryId, decision, reason }: { workEntryId: string; decision: 'approve' | 'reject'; reason: string }) =>
      callEndpoint('reviewWorkEntry', { params: { workEntryId }, body: { decision, reason } }, { schema: workEntrySchema }),
    success: (e) => (e.status === 'approved' ? 'Entry approved' : 'Entry rejected'),
    invalidates,
  });
}

export function usePayrollExport() {
  return useMutation({
    mutationFn: async (query: PayrollReportQuery & { view: 'summary' | 'lines' }) => {
      const { blob, fileName } = await downloadEndpoint('payrollReportCsv', { query });
      saveFile(blob, fileName ?? `payroll-${query.view}.csv`);
    },
    onError: (error) => notifyError({ title: 'Export failed', message: errorMessage(error) }),
  });
}
