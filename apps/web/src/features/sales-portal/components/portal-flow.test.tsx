import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { salesPortalMessages, type SalesPortal, type Session } from '@spotter/shared';
import { buildSession } from '../../../testing/factories';
import { render } from '../../../testing/render';
import { bodyOf, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { PortalFlow } from './portal-flow';

afterEach(() => vi.unstubAllGlobals());

const PACKAGE_ID = '11111111-1111-4111-8111-111111111111';
const PLAN_ID = '22222222-2222-4222-8222-222222222222';
const DOC_ID = '33333333-3333-4333-8333-333333333333';

const portal = (o: Partial<SalesPortal> = {}): SalesPortal =>
  ({
    slug: 'card-barbell',
    gym: { title: 'Card Barbell', country: 'US', isTaxInclusive: false, timeZone: 'America/New_York', logo: null },
    currency: 'USD',
    amountLabel: 'Pre-tax',
    taxLabel: 'Tax',
    headline: '',
    introduction: '',
    accentColor: 'blue',
    allowPayAtDesk: true,
    acceptsCards: true,
    today: '2026-03-04',
    packages: [
      {
        packageId: PACKAGE_ID,
        name: 'Unlimited',
        kind: 'membership',
        category: 'Memberships',
        description: '',
        credits: null,
        sessionsLimit: null,
        sessionsPer: null,
        validityDays: null,
        signUpFeeMinor: 0,
        taxPercent: null,
        billingPlans: [
          {
            billingPlanId: PLAN_ID,
            name: 'Monthly',
            priceMinor: 12000,
            interval: 'month',
            intervalCount: 1,
            paymentCount: null,
            startsOn: 'purchase',
            dayOfMonth: null,
            prorate: false,
          },
        ],
      },
    ],
    ...o,
  }) as SalesPortal;

const session = (): Session =>
  buildSession({
    role: 'athlete',
    gym: {
      gymId: '44444444-4444-4444-8444-444444444444',
      title: 'Card Barbell',
      stripeStatus: 'Active',
      stripeAccountType: 'standard',
      ghlV2Enabled: false,
    } as Session['gym'],
    profile: { profileId: '55555555-5555-4555-8555-555555555555' },
  });

describe('PortalFlow checkout', () => {
  it('offers the card and the desk, buys by card, then asks for the documents the sale issued', async () => {
    const fetchMock = stubFetch((url) => {
      if (url === '/api/sales-portals/card-barbell/') return jsonResponse(portal());
      if (url === '/api/sales-portals/card-barbell/purchases/') {
        return jsonResponse(
          {
            athletePackageId: '66666666-6666-4666-8666-666666666666',
            created: true,
            session: session(),
            invoiceId: null,
            dueMinor: 0,
            paymentMethod: 'card',
            documents: [{ documentId: DOC_ID, title: 'Liability Waiver' }],
          },
          201,
        );
      }
      return undefined;
    });
    render(<PortalFlow slug="card-barbell" base="/sales-portal/card-barbell" packageId={PACKAGE_ID} billingPlanId={PLAN_ID} />, { session: session() });
    const cardRadio = await screen.findByRole('radio', { name: /Pay by card now/ });
    expect((cardRadio as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: /Pay at the front desk/ })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm purchase' }));
    expect(await screen.findByRole('heading', { name: 'Sign Liability Waiver' })).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/sales-portals/card-barbell/purchases/')).toMatchObject({
      packageId: PACKAGE_ID,
      billingPlanId: PLAN_ID,
      paymentMethod: 'card',
    });
  });

  it('says the gym takes no payment online when it takes neither, and cannot be confirmed', async () => {
    stubFetch((url) => (url === '/api/sales-portals/card-barbell/' ? jsonResponse(portal({ acceptsCards: false, allowPayAtDesk: false })) : undefined));
    render(<PortalFlow slug="card-barbell" base="/sales-portal/card-barbell" packageId={PACKAGE_ID} billingPlanId={PLAN_ID} />, { session: session() });
    expect(await screen.findByText(salesPortalMessages.noPayment)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Confirm purchase' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
