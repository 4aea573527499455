/** Issue 17: an athlete's membership state, as the athletes list filters and shows it. */
export const membershipStates = ['active', 'trial', 'on_hold', 'cancelled', 'none'] as const;
export type MembershipState = (typeof membershipStates)[number];

export const membershipStateLabels: Record<MembershipState, string> = {
  active: 'Active',
  trial: 'Trial',
  on_hold: 'On hold',
  cancelled: 'Cancelled',
  none: 'No membership',
};

export type HeldPackage = {
  kind: 'membership' | 'class_pack' | 'drop_in' | 'trial';
  status: 'active' | 'on_hold' | 'cancelled' | 'ended';
};

/**
 * The state from the packages an athlete holds, first match wins:
 * - active: an active package other than a trial;
 * - trial: an active trial (and nothing else active);
 * - on_hold: a package on hold (and nothing active);
 * - cancelled: only cancelled or ended packages;
 * - none: no package at all.
 * The server's SQL (modules/athletes) mirrors this, and a test compares the two.
 */
export function membershipState(held: readonly HeldPackage[]): MembershipState {
  if (held.some((p) => p.status === 'active' && p.kind !== 'trial')) return 'active';
  if (held.some((p) => p.status === 'active')) return 'trial';
  if (held.some((p) => p.status === 'on_hold')) return 'on_hold';
  if (held.length > 0) return 'cancelled';
  return 'none';
}
