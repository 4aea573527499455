import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortalAccountInput, PortalLoginInput, PortalPurchase, PortalPurchaseInput, Session } from '@spotter/shared';
import { portalAnswers } from '../../../api/portal-answer-shapes';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { sessionParser, sessionQueryKey } from '../../auth';

/** The public sales portal's reads and writes (issue 18), without zod: this is a first screen (decision 014). */
export const portalKeys = {
  all: ['sales-portal'] as const,
  portal: (slug: string) => [...portalKeys.all, 'portal', slug] as const,
  mine: () => [...portalKeys.all, 'mine'] as const,
};

/** The small answers read by hand (no zod, and no JSON shape in every first screen's chunk: decision 014). */
const slugParser = {
  parse: (body: unknown): { slug: string } => {
    const slug = (body as { slug?: unknown } | null)?.slug;
    if (typeof slug !== 'string') throw new Error('Unexpected answer: no slug.');
    return { slug };
  },
};
/** `{ detail }`: the sign-up's answer (issue 32: the same whether or not the email has an account). */
const detailParser = {
  parse: (body: unknown): { detail: string } => {
    const detail = (body as { detail?: unknown } | null)?.detail;
    if (typeof detail !== 'string') throw new Error('Unexpected answer: no detail.');
    return { detail };
  },
};
const purchaseParser = {
  parse: (body: unknown): PortalPurchase => {
    const b = (body ?? {}) as Record<string, unknown>;
    if (typeof b.athletePackageId !== 'string' || typeof b.created !== 'boolean' || typeof b.dueMinor !== 'number' || !Array.isArray(b.documents))
      throw new Error('Unexpected purchase answer.');
    if (b.paymentMethod !== 'card' && b.paymentMethod !== 'front_desk') throw new Error('Unexpected purchase answer.');
    const documents = (b.documents as unknown[]).map((d) => {
      const doc = (d ?? {}) as Record<string, unknown>;
      if (typeof doc.documentId !== 'string' || typeof doc.title !== 'string') throw new Error('Unexpected purchase answer.');
      return { documentId: doc.documentId, title: doc.title };
    });
    return {
      athletePackageId: b.athletePackageId,
      created: b.created,
      session: sessionParser.parse(b.session),
      invoiceId: typeof b.invoiceId === 'string' ? b.invoiceId : null,
      dueMinor: b.dueMinor,
      paymentMethod: b.paymentMethod,
      documents,
    };
  },
};

/** GET /api/sales-portals/{slug}/: the gym, its branding and the packages shown with their plans. */
export function getSalesPortal(slug: string, signal?: AbortSignal) {
  return callEndpoint('salesPortal', { params: { salesPortalSlug: slug }, signal }, { schema: portalAnswers.salesPortal });
}

export function salesPortalQueryOptions(slug: string) {
  return queryOptions({ queryKey: portalKeys.portal(slug), queryFn: ({ signal }) => getSalesPortal(slug, signal), retry: false });
}

export function useSalesPortal(slug: string) {
  return useQuery(salesPortalQueryOptions(slug));
}

/** GET /api/my/sales-portal/: the slug of the athlete's own gym's portal (the athlete app's /packages/sales-portal). */
export function useMySalesPortal() {
  return useQuery({
    queryKey: portalKeys.mine(),
    queryFn: ({ signal }) => callEndpoint('mySalesPortal', { signal }, { schema: slugParser }),
    retry: false,
  });
}

/** A session answered by the portal (logged in, purchase): the app's session becomes it at once. */
function useAdoptSession() {
  const queryClient = useQueryClient();
  return (session: Session) => queryClient.setQueryData(sessionQueryKey, session);
}

/** The sign-up: no session yet; the mail's link activates the account, then the visitor logs in here. */
export function useCreatePortalAccount(slug: string) {
  return useApiMutation({
    mutationFn: (input: PortalAccountInput) => callEndpoint('salesPortalAccount', { params: { salesPortalSlug: slug }, body: input }, { schema: detailParser }),
  });
}

export function usePortalLogin(slug: string) {
  const adopt = useAdoptSession();
  return useApiMutation({
    mutationFn: (input: PortalLoginInput) => callEndpoint('salesPortalLogin', { params: { salesPortalSlug: slug }, body: input }, { schema: sessionParser }),
    onSuccess: (session) => void adopt(session),
  });
}

export function usePortalPurchase(slug: string) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (input: PortalPurchaseInput) =>
      callEndpoint('salesPortalPurchase', { params: { salesPortalSlug: slug }, body: input }, { schema: purchaseParser }),
    errorTitle: 'Purchase failed',
    onSuccess: async (answer) => {
      // The buyer is now the gym's athlete: cached reads of another profile are dropped.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] && q.queryKey[0] !== portalKeys.all[0] });
      queryClient.setQueryData(sessionQueryKey, answer.session);
    },
  });
}
