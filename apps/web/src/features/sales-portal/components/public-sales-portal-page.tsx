// Decision 015: a first screen, with only the Mantine sheets it draws beyond app/styles/first-screens.css.
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Radio.css';
import { Container } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { takePortalReturn } from '../lib/sso-return';
import { PortalFlow } from './portal-flow';

/** Spec 2.7: the public sales portal, logged out or in, outside every layout (phone first, small JavaScript). */
export function PublicSalesPortalPage() {
  const { salesPortalSlug = '', packageId, billingPlanId } = useParams();
  const navigate = useNavigate();
  // Back from a provider's sign-in started at a checkout: to that checkout (the callback lands on the first page).
  useEffect(() => {
    if (packageId) return;
    const back = takePortalReturn(salesPortalSlug);
    if (back) void navigate(back, { replace: true });
  }, [navigate, packageId, salesPortalSlug]);
  return (
    <Container component="main" size={560} px="md" py="lg">
      <PortalFlow slug={salesPortalSlug} base={`/sales-portal/${salesPortalSlug}`} packageId={packageId} billingPlanId={billingPlanId} />
    </Container>
  );
}
