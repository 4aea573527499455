import { formatDate, formatTime, weekdayName, weeklyHoursProblem, type GymCountry, type TimeOff, type WeeklyRangeAnswer } from '@spotter/shared';

/** A range being edited: its key stays while its times change. */
export type DraftRange = { key: string; weekday: number; startTime: string; endTime: string };

let next = 0;
const newKey = () => `range-${++next}`;

export const toDraft = (hours: readonly WeeklyRangeAnswer[]): DraftRange[] => hours.map((h) => ({ key: newKey(), ...h }));

/** A new range on a day: after the day's last one (an hour later, for an hour), else 09:00–17:00. */
export function addRange(draft: readonly DraftRange[], weekday: number): DraftRange[] {
  const day = draft.filter((r) => r.weekday === weekday);
  const last = day.at(-1);
  if (!last) return [...draft, { key: newKey(), weekday, startTime: '09:00', endTime: '17:00' }];
  const [h, m] = last.endTime.split(':').map(Number) as [number, number];
  const start = Math.min(h * 60 + m + 60, 22 * 60);
  const hhmm = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
  return [...draft, { key: newKey(), weekday, startTime: hhmm(start), endTime: hhmm(Math.min(start + 60, 23 * 60 + 59)) }];
}

/** Monday's ranges on Tuesday to Friday too (what those days had is replaced). */
export function copyMondayToWeekdays(draft: readonly DraftRange[]): DraftRange[] {
  const monday = draft.filter((r) => r.weekday === 1);
  const kept = draft.filter((r) => r.weekday === 1 || r.weekday > 5);
  const copies = [2, 3, 4, 5].flatMap((weekday) => monday.map((r) => ({ key: newKey(), weekday, startTime: r.startTime, endTime: r.endTime })));
  return [...kept, ...copies].sort((a, b) => a.weekday - b.weekday);
}

/** What is wrong with the week before it is sent (the server says the same): a range with no time, inverted or overlapping. */
export function draftProblem(draft: readonly DraftRange[]): string | null {
  const blank = draft.find((r) => !/^\d{2}:\d{2}/.test(r.startTime) || !/^\d{2}:\d{2}/.test(r.endTime));
  if (blank) return `${weekdayName(blank.weekday)}: give a start and an end time.`;
  return weeklyHoursProblem(draft)?.message ?? null;
}

/** The draft in the server's order (weekday, then start), as it would be saved. */
export const sortedDraft = (draft: readonly DraftRange[]) => [...draft].sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime));

/** Whether the draft is the saved week (nothing to save). */
export function sameWeek(saved: readonly WeeklyRangeAnswer[], draft: readonly DraftRange[]): boolean {
  const b = sortedDraft(draft);
  return (
    saved.length === b.length &&
    saved.every((r, i) => r.weekday === b[i]!.weekday && r.startTime === b[i]!.startTime.slice(0, 5) && r.endTime === b[i]!.endTime.slice(0, 5))
  );
}

/** A time off as the gym writes dates and times: "03/10/2026 – 03/11/2026", "03/12/2026, 1:00 PM – 3:30 PM". */
export function timeOffLabel(t: TimeOff, country: GymCountry): string {
  const start = formatDate(t.startDate, country);
  const end = formatDate(t.endDate, country);
  if (t.isAllDay) return t.startDate === t.endDate ? `${start}, all day` : `${start} – ${end}`;
  if (t.startDate === t.endDate) return `${start}, ${formatTime(t.startTime, country)} – ${formatTime(t.endTime, country)}`;
  return `${start} ${formatTime(t.startTime, country)} – ${end} ${formatTime(t.endTime, country)}`;
}
