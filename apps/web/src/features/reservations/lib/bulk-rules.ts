/** One year after a date, as the server counts it (same day of the next year). */
export function oneYearAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

/** Spec 3: the bulk payload numbers weekdays 1 = Sunday .. 7 = Saturday. */
export const bulkWeekdays = [
  { code: 1, label: 'Sun', name: 'Sunday' },
  { code: 2, label: 'Mon', name: 'Monday' },
  { code: 3, label: 'Tue', name: 'Tuesday' },
  { code: 4, label: 'Wed', name: 'Wednesday' },
  { code: 5, label: 'Thu', name: 'Thursday' },
  { code: 6, label: 'Fri', name: 'Friday' },
  { code: 7, label: 'Sat', name: 'Saturday' },
] as const;

/** The weekdays in the order the gym's calendars use: Sunday first (firstDayOfWeek 0) or Monday first (1). */
export function weekdaysFrom(firstDayOfWeek: 0 | 1): readonly (typeof bulkWeekdays)[number][] {
  return firstDayOfWeek === 1 ? [...bulkWeekdays.slice(1), bulkWeekdays[0]] : bulkWeekdays;
}

/** The chosen weekday codes, sorted and comma-joined ("1,3,5"). */
export function weekdayCodes(chosen: readonly (string | number)[]): string {
  return [...new Set(chosen.map(Number))]
    .filter((c) => c >= 1 && c <= 7)
    .sort((a, b) => a - b)
    .join(',');
}

/** Spec 5: the start may not be before today, the end not after one year from today; default today to a year ahead. */
export function bulkDateLimits(today: string) {
  return { minDate: today, maxDate: oneYearAfter(today) };
}

export function defaultBulkRange(today: string): { startDate: string; endDate: string } {
  return { startDate: today, endDate: oneYearAfter(today) };
}

/** Next needs at least one weekday and a valid range within the limits. */
export function canGoToPreview(days: readonly string[], startDate: string | null, endDate: string | null, today: string): boolean {
  if (days.length === 0 || !startDate || !endDate) return false;
  const { minDate, maxDate } = bulkDateLimits(today);
  return startDate >= minDate && endDate <= maxDate && startDate <= endDate;
}
