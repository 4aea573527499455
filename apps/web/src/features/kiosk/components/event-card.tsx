import type { CSSProperties } from 'react';
import { Badge } from '@mantine/core';
import { Link } from 'react-router';
import type { KioskEvent } from '@spotter/shared';
import { timingStatus, type TimingState } from '../lib/event-timing';
import { COACH_NAMES_SHOWN, appointmentNamesShown, attendanceLabel, firstAttendeeLabel, namesLabel } from '../lib/labels';
import { formatTimeRange } from '../lib/dates';
import { eventKindOf } from '../lib/event-kind';
import classes from './event-card.module.css';
import type { KioskContext } from './use-kiosk-context';

/** Spec 4: green ongoing, blue upcoming, neutral ended. Badge colours keep white text above 4.5:1. */
export const cardColors: Record<TimingState, { background: string; border: string; badge: string }> = {
  ongoing: { background: 'var(--mantine-color-green-0)', border: 'var(--mantine-color-green-7)', badge: '#1f7a35' },
  upcoming: { background: 'var(--mantine-color-blue-0)', border: 'var(--mantine-color-blue-7)', badge: 'blue.9' },
  ended: { background: 'var(--mantine-color-gray-0)', border: 'var(--mantine-color-gray-5)', badge: 'gray.7' },
};

type EventCardProps = { event: KioskEvent; context: KioskContext; now: Date; isDesktop: boolean };

export function EventCard({ event, context, now, isDesktop }: EventCardProps) {
  const timing = timingStatus(event.startsAt, event.endsAt, now);
  const colors = cardColors[timing.state];
  const kind = eventKindOf(event.eventType);
  const coaches = namesLabel(
    event.coaches.map((c) => c.fullName),
    COACH_NAMES_SHOWN,
  );
  const attendees =
    kind === 'class'
      ? firstAttendeeLabel(event.firstAttendee, event.attendeeCount)
      : namesLabel(
          event.athleteAppointments.map((a) => a.athlete.fullName),
          appointmentNamesShown(isDesktop),
        );
  const accent = { '--card-background': colors.background, '--card-accent': colors.border } as CSSProperties;
  return (
    <Link to={`/kiosk/${event.eventId}?eventType=${kind}`} className={`mantine-focus-auto ${classes.card}`} data-timing={timing.state} style={accent}>
      <div className={classes.stack}>
        <div className={`${classes.row} ${classes.head}`}>
          <h2 className={classes.title}>{event.eventName}</h2>
          <Badge color={colors.badge} variant="filled" size="lg" tt="none" style={{ flexShrink: 0 }}>
            {timing.label}
          </Badge>
        </div>
        <p className={`${classes.text} ${classes.time}`}>{formatTimeRange(event.startsAt, event.endsAt, context.timeZone, context.country)}</p>
        {event.location && <p className={classes.text}>{event.location.name}</p>}
        {coaches && <p className={`${classes.text} ${classes.clamp}`}>Coach: {coaches}</p>}
        <div className={classes.row}>
          {kind === 'class' && (
            <Badge variant="outline" color="dark" size="lg">
              {attendanceLabel(event.attendeeCount, event.capacity)}
            </Badge>
          )}
          <p className={`${classes.text} ${classes.clamp}`}>{attendees ?? 'No athletes yet'}</p>
        </div>
      </div>
    </Link>
  );
}
