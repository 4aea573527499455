import { isOnKioskTab, type EventKind, type KioskAthlete } from '@spotter/shared';

export type AthleteTab = 'reserved' | 'checkedIn' | 'eligible';

/** Spec 4: Reserved is reserved and not checked in; Checked In is checked in; late cancels and no shows leave both. */
export function athletesOfTab(athletes: readonly KioskAthlete[], tab: Exclude<AthleteTab, 'eligible'>): KioskAthlete[] {
  return athletes.filter((a) => isOnKioskTab(a, tab));
}

/** Spec 5: a case-insensitive name match (Reserved and Checked In tabs). */
export function matchesName(athlete: Pick<KioskAthlete, 'fullName'>, search: string): boolean {
  const q = search.trim().toLowerCase();
  return q === '' || athlete.fullName.toLowerCase().includes(q);
}

export const emptyTexts: Record<AthleteTab, string> = {
  reserved: 'No reserved athletes for this event',
  checkedIn: 'No checked in athletes for this event',
  eligible: 'No eligible athletes for this event',
};

/** Spec 2.12: Back goes to the calendar when opened from it, else to the kiosk list of the same type. */
export function backPath(opts: { from: string | null; isAthleteMode: boolean; eventId: string; kind: EventKind }): string {
  if (opts.from === 'calendar') return `/calendar/scheduling?eventId=${opts.eventId}&eventType=${opts.kind}`;
  return opts.isAthleteMode ? `/?eventType=${opts.kind}` : `/kiosk?eventType=${opts.kind}`;
}
