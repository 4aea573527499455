import { describe, expect, it } from 'vitest';
import type { PortalBillingPlan, PortalPackage } from '@spotter/shared';
import { accentButton, firstCharge, fromPrice, packageAllowance, planCadence } from './plans';

const plan = (o: Partial<PortalBillingPlan> = {}): PortalBillingPlan => ({
  billingPlanId: '00000000-0000-4000-8000-000000000001',
  name: 'Monthly',
  priceMinor: 15900,
  interval: 'month',
  intervalCount: 1,
  paymentCount: null,
  startsOn: 'purchase',
  dayOfMonth: null,
  prorate: true,
  ...o,
});
const pkg = (o: Partial<PortalPackage> = {}): PortalPackage => ({
  packageId: '00000000-0000-4000-8000-000000000002',
  name: 'Unlimited',
  kind: 'membership',
  category: '',
  description: '',
  credits: null,
  sessionsLimit: null,
  sessionsPer: null,
  validityDays: null,
  signUpFeeMinor: 0,
  taxPercent: null,
  billingPlans: [plan()],
  ...o,
});

describe('the portal’s plan wording and first charge', () => {
  it('says how a plan is paid', () => {
    expect(planCadence(plan())).toBe('every month until cancelled');
    expect(planCadence(plan({ interval: 'week', intervalCount: 2, paymentCount: 6 }))).toBe('every 2 weeks, 6 payments');
    expect(planCadence(plan({ paymentCount: 1 }))).toBe('one payment');
  });

  it('prorates a plan billed on the 1st from the purchase day, adds the sign-up fee and the tax (US words)', () => {
    const p = pkg({ signUpFeeMinor: 4900, taxPercent: 8.25 });
    const charge = firstCharge(p, plan({ startsOn: 'day_of_month', dayOfMonth: 1, priceMinor: 15500 }), '2026-03-16', 'US', false);
    // 16 days of March's 31: 15500 x 16 / 31 = 8000.
    expect(charge).toMatchObject({ firstChargeMinor: 8000, signUpFeeMinor: 4900, isProrated: true, periodEnd: '2026-03-31', nextBillingDate: '2026-04-01' });
    expect(charge.dueMinor).toBe(12900 + 1064);
    expect(charge.taxWording).toBe('Pre-tax $129.00 · Tax $10.64 · Total $139.64');
  });

  it('includes the VAT in a UK price', () => {
    const charge = firstCharge(pkg({ taxPercent: 20 }), plan({ priceMinor: 6000 }), '2026-03-16', 'GB', true);
    expect(charge.dueMinor).toBe(6000);
    expect(charge.taxWording).toBe('Total £60.00 · includes VAT £10.00');
  });

  it('describes what a package gives and its lowest price', () => {
    expect(packageAllowance(pkg({ credits: 10, validityDays: 90 }))).toBe('10 classes, valid 90 days');
    expect(packageAllowance(pkg({ sessionsLimit: 3, sessionsPer: 'week' }))).toBe('3 classes a week');
    expect(fromPrice(pkg({ billingPlans: [plan({ priceMinor: 2000 }), plan({ priceMinor: 1500 })] }), 'US')).toBe('from $15.00');
  });

  it('fills buttons in a shade whose label keeps its contrast', () => {
    expect(accentButton('blue')).toEqual({ color: 'blue.8', c: 'white' });
    expect(accentButton('yellow')).toEqual({ color: 'yellow.7', c: 'black' });
  });
});
