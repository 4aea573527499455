import { Button, Group, Title } from '@mantine/core';
import { localeOf, type GymCountry } from '@spotter/shared';
import { visibleRange, type CalendarView } from '../lib/calendar-time';

const VIEW_LABELS: Record<CalendarView, string> = { week: 'Week', day: 'Day', month: 'Month' };
const STEP_NAMES: Record<CalendarView, string> = { week: 'week', day: 'day', month: 'month' };

const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** The title of what a view shows, in the gym's locale: 'May 4 – 10, 2026', 'May 2026', 'Monday, May 4, 2026'. */
export function viewTitle(view: CalendarView, date: string, country: GymCountry): string {
  const { locale, firstDayOfWeek } = localeOf(country);
  switch (view) {
    case 'day':
      return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc(date));
    case 'month':
      return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc(date));
    case 'week': {
      const { start, end } = visibleRange('week', date, firstDayOfWeek);
      // formatRange puts thin spaces around its dash; plain ones read the same and match what people type.
      return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
        .formatRange(utc(start), utc(end))
        .replace(/\s/g, ' ');
    }
  }
}

type CalendarToolbarProps = {
  view: CalendarView;
  date: string;
  isToday: boolean;
  country: GymCountry;
  onView: (view: CalendarView) => void;
  onStep: (direction: 1 | -1) => void;
  onToday: () => void;
};

/** Previous, Today, Next, the range's title and the view switch: real buttons, in tab order. */
export function CalendarToolbar({ view, date, isToday, country, onView, onStep, onToday }: CalendarToolbarProps) {
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm" mb="sm">
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" onClick={() => onStep(-1)} aria-label={`Previous ${STEP_NAMES[view]}`}>
          ‹
        </Button>
        <Button variant="default" onClick={onToday} disabled={isToday}>
          Today
        </Button>
        <Button variant="default" onClick={() => onStep(1)} aria-label={`Next ${STEP_NAMES[view]}`}>
          ›
        </Button>
        <Title order={2} size="h3" ml="sm" aria-live="polite">
          {viewTitle(view, date, country)}
        </Title>
      </Group>
      <Button.Group aria-label="View">
        {(['week', 'day', 'month'] as const).map((v) => (
          <Button key={v} variant={v === view ? 'filled' : 'default'} aria-pressed={v === view} onClick={() => onView(v)}>
            {VIEW_LABELS[v]}
          </Button>
        ))}
      </Button.Group>
    </Group>
  );
}
