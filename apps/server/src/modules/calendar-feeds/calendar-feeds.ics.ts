import ical, { ICalEventStatus } from 'ical-generator';
import type { FeedEvent } from './calendar-feeds.repository';

/**
 * The feed as RFC 5545 text. Times are UTC instants (DTSTART…Z), which every calendar app reads the same way; the
 * library escapes and folds the text. UID is the event's id, so an app updates an event in place when it changes.
 */
export function buildCalendar(o: { gymTitle: string; appUrl: string; isAthlete: boolean; events: readonly FeedEvent[]; now?: Date }): string {
  const calendar = ical({
    name: `Spotter — ${o.gymTitle}`,
    prodId: { company: 'Spotter', product: 'Spotter calendar feed', language: 'EN' },
    // Apps that honour it fetch the feed again after an hour.
    ttl: 3600,
  });
  for (const e of o.events) {
    const where = [e.location, e.room].filter((part): part is string => Boolean(part)).join(', ');
    const description = [
      e.coaches.length ? `${e.coaches.length > 1 ? 'Coaches' : 'Coach'}: ${e.coaches.join(', ')}` : null,
      e.waitlistPosition !== null ? `You are number ${e.waitlistPosition} on the waitlist.` : null,
      e.isCancelled ? `Cancelled${e.cancelReason ? `: ${e.cancelReason}` : '.'}` : null,
    ].filter((line): line is string => line !== null);
    calendar.createEvent({
      id: `${e.eventId}@spotter`,
      start: e.startsAt,
      end: e.endsAt,
      stamp: o.now ?? new Date(),
      lastModified: e.updatedAt,
      sequence: e.sequence,
      summary: e.waitlistPosition !== null ? `${e.name} (waitlist #${e.waitlistPosition})` : e.name,
      location: where || null,
      description: description.length ? description.join('\n') : null,
      // A place in line is not a place yet.
      status: e.isCancelled ? ICalEventStatus.CANCELLED : e.waitlistPosition !== null ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
      url: o.isAthlete && e.kind === 'class' ? `${o.appUrl}/classes/${e.eventId}` : null,
    });
  }
  return calendar.toString();
}
