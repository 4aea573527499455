import { useEffect, useRef } from 'react';
import { Box, Text } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { formatTime, localeOf, type Dashboard, type GymCountry } from '@spotter/shared';

type Cell = NonNullable<Dashboard['attendanceHeatmap']>[number];

/** The answer's weekdays count from Monday (0); the rows start on the gym's first day of the week (spec 9). */
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function weekdayOrder(country: GymCountry): number[] {
  return localeOf(country).firstDayOfWeek === 0 ? [6, 0, 1, 2, 3, 4, 5] : [0, 1, 2, 3, 4, 5, 6];
}

/** The hours shown: from the earliest to the latest hour with a check-in (5 am to 9 pm when there is none). */
export function hoursOf(cells: readonly Cell[]): number[] {
  const busy = cells.filter((c) => c.count > 0).map((c) => c.hour);
  const from = busy.length ? Math.min(...busy) : 5;
  const to = busy.length ? Math.max(...busy) : 21;
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

export const cellLabel = (weekday: number, hour: number, count: number, country: GymCountry) =>
  `${WEEKDAYS[weekday]} ${formatTime(`${hour}:00`, country)}: ${count} check-in${count === 1 ? '' : 's'}`;

/** Class check-ins of the last 12 weeks by weekday and hour: a grid of cells, darker where busier. */
export function AttendanceHeatmap({ cells, country }: { cells: readonly Cell[]; country: GymCountry }) {
  const counts = new Map(cells.map((c) => [`${c.weekday}-${c.hour}`, c.count]));
  const max = Math.max(0, ...cells.map((c) => c.count));
  const hours = hoursOf(cells);
  const days = weekdayOrder(country);
  const busiest = cells.reduce<Cell | null>((best, c) => (c.count > (best?.count ?? 0) ? c : best), null);
  const region = useRef<HTMLDivElement>(null);
  const { ref: sizeRef, width } = useElementSize<HTMLDivElement>();
  const regionRef = useMergedRef(region, sizeRef);
  const busiestKey = busiest ? `${busiest.weekday}-${busiest.hour}` : null;
  // Issue 34 item 5: where the day does not fit (a phone), the busiest hour is scrolled into the middle, once the
  // heatmap has its width (a screen loaded lazily is laid out after it mounts).
  useEffect(() => {
    const box = region.current;
    const cell = busiestKey ? box?.querySelector<HTMLElement>(`[data-cell="${busiestKey}"]`) : null;
    if (!box || !cell || box.scrollWidth <= box.clientWidth) return;
    const offset = cell.getBoundingClientRect().left - box.getBoundingClientRect().left + box.scrollLeft;
    box.scrollLeft = Math.max(0, offset - (box.clientWidth - cell.offsetWidth) / 2);
  }, [busiestKey, width]);
  return (
    <>
      <Text size="sm" c="dimmed" id="heatmap-description">
        Darker cells had more class check-ins over the last 12 weeks.
        {busiest ? ` Busiest: ${cellLabel(busiest.weekday, busiest.hour, busiest.count, country)}.` : ' No check-ins yet.'}
      </Text>
      <Box
        ref={regionRef}
        role="region"
        aria-label="Attendance by weekday and hour"
        aria-describedby="heatmap-description"
        tabIndex={0}
        style={{ overflowX: 'auto' }}
        mt="xs"
        pb="xs"
      >
        <Box
          style={{ display: 'grid', gridTemplateColumns: `6rem repeat(${hours.length}, minmax(2rem, 1fr))`, gap: 2, minWidth: `${6 + hours.length * 2.15}rem` }}
        >
          <span />
          {hours.map((h) => (
            <Text key={h} size="xs" c="dimmed" ta="center" aria-hidden>
              {formatTime(`${h}:00`, country).replace(':00', '')}
            </Text>
          ))}
          {days.map((d) => (
            <HeatmapRow key={d} weekday={d} hours={hours} counts={counts} max={max} country={country} />
          ))}
        </Box>
      </Box>
    </>
  );
}

function HeatmapRow({
  weekday,
  hours,
  counts,
  max,
  country,
}: {
  weekday: number;
  hours: number[];
  counts: Map<string, number>;
  max: number;
  country: GymCountry;
}) {
  return (
    <>
      <Text size="xs" aria-hidden style={{ alignSelf: 'center' }}>
        {WEEKDAYS[weekday]}
      </Text>
      {hours.map((h) => {
        const count = counts.get(`${weekday}-${h}`) ?? 0;
        const share = max > 0 ? count / max : 0;
        const label = cellLabel(weekday, h, count, country);
        return (
          <Box
            key={h}
            data-cell={`${weekday}-${h}`}
            role="img"
            aria-label={label}
            title={label}
            h={28}
            style={{
              borderRadius: 4,
              background:
                count === 0 ? 'var(--mantine-color-gray-1)' : `color-mix(in srgb, var(--mantine-color-blue-7) ${Math.round(15 + share * 85)}%, white)`,
            }}
          />
        );
      })}
    </>
  );
}
