import { formatMoney, type GymCountry, type PayRate } from '@spotter/shared';

/** A rate's terms in a line of words, in the gym's currency. */
export function rateTerms(r: PayRate, country: GymCountry): string {
  const m = (minor: number) => formatMoney(minor, country);
  switch (r.kind) {
    case 'class_flat': {
      const extra = r.perAthleteMinor ? ` + ${m(r.perAthleteMinor)} per athlete above ${r.athleteThreshold}` : '';
      const cap = r.capMinor !== null ? `, at most ${m(r.capMinor)}` : '';
      return `${m(r.amountMinor)} per class${extra}${cap}`;
    }
    case 'class_tiered': {
      const sorted = [...r.tiers].sort((a, b) => a.fromAthletes - b.fromAthletes);
      return sorted.map((t, i) => `${t.fromAthletes}${sorted[i + 1] ? `–${sorted[i + 1]!.fromAthletes - 1}` : '+'}: ${m(t.amountMinor)}`).join(' · ');
    }
    case 'hourly':
      return `${m(r.amountMinor)} per hour`;
    case 'appointment_flat':
      return `${m(r.amountMinor)} per appointment`;
    case 'commission':
      return `${(r.commissionBasisPoints / 100).toString()}% of sales`;
  }
}
