import { Alert, Skeleton } from '@mantine/core';
import { useParams } from 'react-router';
import { salesPortalMessages } from '@spotter/shared';
import { isApiError } from '../../../lib/api-client';
import { useMySalesPortal } from '../api/portal';
import { PortalFlow } from './portal-flow';

/** Spec 2.4 /packages/sales-portal…: the same steps for a logged-in athlete, in their own gym's portal. */
export function AthleteSalesPortalPage() {
  const { packageId, billingPlanId } = useParams();
  const mine = useMySalesPortal();
  if (mine.isPending) return <Skeleton height={120} radius="md" />;
  if (mine.isError) {
    const isMissing = isApiError(mine.error) && mine.error.status === 404;
    return (
      <Alert color={isMissing ? 'gray' : 'red'} title={isMissing ? 'Nothing on sale online' : 'Error'}>
        {isMissing ? `${salesPortalMessages.portalNotFound} Ask the front desk about packages.` : 'Something went wrong while fetching data!'}
      </Alert>
    );
  }
  return <PortalFlow slug={mine.data.slug} base="/packages/sales-portal" packageId={packageId} billingPlanId={billingPlanId} />;
}
