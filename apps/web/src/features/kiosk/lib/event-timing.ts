/** Spec 4: an event's timing status, derived from the current time. */
export type TimingState = 'ongoing' | 'upcoming' | 'ended';
export type TimingStatus = { state: TimingState; label: string; color: 'green' | 'blue' | 'gray' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'Starts in N Min(s)' under 60 minutes, 'Starts in N Hour(s)' under 24 hours, else 'Starts in N Day(s)'; rounded up. */
export function startsInLabel(msUntilStart: number): string {
  const minutes = Math.ceil(msUntilStart / MINUTE);
  if (minutes < 60) return `Starts in ${Math.max(minutes, 1)} Min(s)`;
  const hours = Math.ceil(msUntilStart / HOUR);
  if (hours < 24) return `Starts in ${hours} Hour(s)`;
  return `Starts in ${Math.ceil(msUntilStart / DAY)} Day(s)`;
}

/** Ended after the end, ongoing from the start, else upcoming. Cards: green ongoing, blue upcoming, neutral ended. */
export function timingStatus(startsAt: string, endsAt: string, now: Date): TimingStatus {
  const t = now.getTime();
  if (t >= Date.parse(endsAt)) return { state: 'ended', label: 'Ended', color: 'gray' };
  const start = Date.parse(startsAt);
  if (t >= start) return { state: 'ongoing', label: 'Ongoing', color: 'green' };
  return { state: 'upcoming', label: startsInLabel(start - t), color: 'blue' };
}
