import { billingPlanWords, formatMoney, packageKindLabels, priceTaxNote, type BillingPlan, type GymCountry, type Package } from '@spotter/shared';

/** What a package allows, in a few words: "Unlimited", "3 classes a week", "10 credits · 90 days". */
export function allowanceWords(p: Pick<Package, 'kind' | 'credits' | 'sessionsLimit' | 'sessionsPer' | 'validityDays'>): string {
  const parts: string[] = [];
  if (p.kind === 'membership')
    parts.push(p.sessionsLimit === null ? 'Unlimited' : `${p.sessionsLimit} ${p.sessionsLimit === 1 ? 'class' : 'classes'} a ${p.sessionsPer}`);
  else if (p.credits !== null) parts.push(`${p.credits} ${p.credits === 1 ? 'credit' : 'credits'}`);
  else parts.push('Unlimited');
  if (p.validityDays !== null) parts.push(`${p.validityDays} ${p.validityDays === 1 ? 'day' : 'days'}`);
  return parts.join(' · ');
}

export const kindLabel = (p: Pick<Package, 'kind'>) => packageKindLabels[p.kind];

/** A plan's price as the gym's country shows it, and its tax: "$179.00 a month" and "+ tax $14.77". */
export function planPrice(plan: BillingPlan, pkg: Pick<Package, 'taxRate'>, country: GymCountry, isTaxInclusive: boolean): { price: string; tax: string } {
  return {
    price: billingPlanWords(plan, country),
    tax: priceTaxNote(plan.priceMinor, pkg.taxRate ? Number(pkg.taxRate.percent) : null, isTaxInclusive, country),
  };
}

/** The lowest plan's price: "from $139.00" when plans differ. */
export function fromPrice(p: Pick<Package, 'billingPlans'>, country: GymCountry): string {
  if (p.billingPlans.length === 0) return 'No billing plan';
  const lowest = p.billingPlans.reduce((a, b) => (b.priceMinor < a.priceMinor ? b : a));
  return p.billingPlans.length === 1 ? billingPlanWords(lowest, country) : `${p.billingPlans.length} plans from ${formatMoney(lowest.priceMinor, country)}`;
}
