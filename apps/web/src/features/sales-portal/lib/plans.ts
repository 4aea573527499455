import {
  amountBreakdown,
  firstPeriod,
  taxOf,
  formatDate,
  formatMoney,
  portalAccentShades,
  type GymCountry,
  type PortalAccentColor,
  type PortalBillingPlan,
  type PortalPackage,
} from '@spotter/shared';

/** How a plan is paid, in words: "every month", "every 2 weeks, 6 payments", "one payment". */
export function planCadence(plan: PortalBillingPlan): string {
  if (plan.paymentCount === 1) return 'one payment';
  const unit = plan.intervalCount === 1 ? plan.interval : `${plan.intervalCount} ${plan.interval}s`;
  const every = `every ${unit}`;
  return plan.paymentCount === null ? `${every} until cancelled` : `${every}, ${plan.paymentCount} payments`;
}

/** A plan's price with its cadence: "$159.00 every month until cancelled". */
export function planPrice(plan: PortalBillingPlan, country: GymCountry): string {
  return `${formatMoney(plan.priceMinor, country)} ${planCadence(plan)}`;
}

/** What a package gives, in a member's words. */
export function packageAllowance(pkg: PortalPackage): string {
  const parts: string[] = [];
  if (pkg.credits !== null) parts.push(pkg.credits === 1 ? '1 class' : `${pkg.credits} classes`);
  else if (pkg.sessionsLimit !== null) parts.push(`${pkg.sessionsLimit} classes a ${pkg.sessionsPer}`);
  else parts.push('Unlimited classes');
  if (pkg.validityDays !== null) parts.push(`valid ${pkg.validityDays} days`);
  return parts.join(', ');
}

/** The lowest price among a package's plans ("from $25.00"), or null without plans. */
export function fromPrice(pkg: PortalPackage, country: GymCountry): string | null {
  if (pkg.billingPlans.length === 0) return null;
  const lowest = Math.min(...pkg.billingPlans.map((p) => p.priceMinor));
  return pkg.billingPlans.length === 1 ? formatMoney(lowest, country) : `from ${formatMoney(lowest, country)}`;
}

export type FirstCharge = {
  /** The first period's charge (prorated on a plan billed on a day of the month). */
  firstChargeMinor: number;
  signUpFeeMinor: number;
  /** The first charge plus the sign-up fee, tax included. */
  dueMinor: number;
  /** Spec 9: the tax in the country's words on what is due ("Pre-tax … · Tax … · Total …", "Total … · includes VAT …"). */
  taxWording: string | null;
  isProrated: boolean;
  periodEnd: string;
  nextBillingDate: string | null;
};

/** The first charge of a plan bought today (shared rules/billing-periods.ts firstPeriod). */
export function firstCharge(pkg: PortalPackage, plan: PortalBillingPlan, today: string, country: GymCountry, isTaxInclusive: boolean): FirstCharge {
  const period = firstPeriod(plan, today);
  const amountMinor = period.firstChargeMinor + pkg.signUpFeeMinor;
  const taxed = pkg.taxPercent !== null && pkg.taxPercent > 0;
  return {
    firstChargeMinor: period.firstChargeMinor,
    signUpFeeMinor: pkg.signUpFeeMinor,
    // What the member pays: with the tax added where prices are before tax (spec 9).
    dueMinor: taxed ? taxOf(amountMinor, pkg.taxPercent!, isTaxInclusive).total : amountMinor,
    taxWording: taxed ? amountBreakdown(amountMinor, pkg.taxPercent!, country, isTaxInclusive) : null,
    isProrated: period.firstChargeMinor !== plan.priceMinor,
    periodEnd: period.periodEnd,
    nextBillingDate: period.nextBillingDate,
  };
}

export const dateText = (date: string, country: GymCountry) => formatDate(date, country);

/** A filled button in the portal's accent, its label readable (rules/sales-portal.ts portalAccentShades). */
export function accentButton(accent: PortalAccentColor): { color: string; c: string } {
  const { shade, text } = portalAccentShades[accent];
  return { color: `${accent}.${shade}`, c: text };
}
