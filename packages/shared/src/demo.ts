import { DEMO_ACCESS_HOURS } from './roles';

const HOUR_MS = 3_600_000;

type DemoProfileLike = {
  loginEnabled: boolean;
  demoGym: { type: string; isActive: boolean; expiresAt: string | null } | null;
};

/** Spec 2.2 / 4 / 6: a demo profile that is inactive, has login disabled or is past its expiry cannot be entered. */
export function isDemoProfileBlocked(profile: DemoProfileLike, now: Date = new Date()): boolean {
  const demo = profile.demoGym;
  if (!demo) return false;
  if (!demo.isActive || !profile.loginEnabled) return true;
  return demo.expiresAt !== null && new Date(demo.expiresAt).getTime() <= now.getTime();
}

/** Spec 2.3: 'TIME_LIMITED' is shown as 'TIME LIMITED'. */
export function demoTypeLabel(type: string): string {
  return type.replace(/_/g, ' ');
}

export type DemoCountdown = { text: string; color: 'gray' | 'red' | 'yellow' | 'blue'; progress: number; isExpired: boolean };

/**
 * Spec 4: the demo-mode countdown. Gray when expired, red at 12 hours or less, yellow up to one day,
 * otherwise blue; progress is 100 at 48 hours or more and shrinks linearly to 0.
 */
export function demoCountdown(expiresAt: string, now: Date = new Date()): DemoCountdown {
  const leftMs = new Date(expiresAt).getTime() - now.getTime();
  if (!(leftMs > 0)) return { text: '0h left', color: 'gray', progress: 0, isExpired: true };
  const hours = leftMs / HOUR_MS;
  const color = hours <= 12 ? 'red' : hours <= 24 ? 'yellow' : 'blue';
  const progress = Math.min(100, (hours / DEMO_ACCESS_HOURS) * 100);
  let text: string;
  if (hours >= 24) text = `${Math.floor(hours / 24)}d left`;
  else if (hours >= 1) text = `${Math.floor(hours)}h left`;
  else if (leftMs >= 60_000) text = `${Math.floor(leftMs / 60_000)}m left`;
  else text = '0h left';
  return { text, color, progress, isExpired: false };
}

type DemoSessionLike = { role: string | null; demoGym: { type: string; isActive: boolean; expiresAt: string | null } | null };

/**
 * Decision 008: a session inside a demo gym (any role but platform staff) loses access once the demo is switched
 * off or its expiry passes; the server refuses its gym routes and the web app shows the Demo Period Expired dialog.
 */
export function isSessionDemoEnded(session: DemoSessionLike | null, now: Date = new Date()): boolean {
  if (!session?.demoGym || session.role === null || session.role === 'kilo_staff') return false;
  return isDemoProfileBlocked({ loginEnabled: true, demoGym: session.demoGym }, now);
}
