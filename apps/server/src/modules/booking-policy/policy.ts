import { and, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { blocksBooking, bookingPolicy, holdsPlace, isFull, type BookingRuleName, type ReservationFlag } from '@spotter/shared';
import { conflict, HttpError } from '../../lib/http-error';
import type { athletes, events, gyms } from '../../db/schema';
import { kioskSettingsOf } from '../gym-settings';
import { holdsPlaceOf } from './rules';

/**
 * Issue 33, decision 043: the server side of the booking policy (packages/shared rules/booking-policy.ts). The rules
 * that a grouped statement or a read asks in SQL have their SQL here, beside the TypeScript predicate it must agree
 * with; `policy.test.ts` checks each against the other over every combination of its inputs. The locked path
 * (reservations.service.ts) and the grouped one (fast-paths.ts) both ask these, and refuse with the shared entry's
 * code and message.
 *
 * Which rules each path asks (the rest cannot apply to the requests it takes):
 * - the grouped walk-in (desk walk-ins with an id): eventOpen and athleteActive in its SQL (`groupedWalkInSql`), the
 *   package choice and walkInSetting before its statement, under the same locks; a request it has no row for takes
 *   the locked path, which answers the refusal. An athlete's own walk-in (bookingWindow no, selfCheckIn yes,
 *   packageEligibility yes) is never grouped.
 * - the grouped check-in toggle (a reserved, place-holding reservation of the desk): holdsPlace; it changes no place.
 */

type Input = { type: 'boolean' | 'integer' | 'timestamptz' | 'jsonb'; values: readonly unknown[] };
type Values<K extends string> = { [P in K]: unknown };
type Columns<K extends string> = { [P in K]: AnyPgColumn | SQL };

/** A rule asked in SQL: the same yes/no question as its TypeScript `ts`, over the named inputs. */
export type SqlRule<K extends string> = {
  rule: BookingRuleName | 'holdsPlace' | 'isFull';
  /** The question both answer (true: the rule lets it through, unless said otherwise). */
  question: string;
  /** Each input's SQL type and the values the test tries (all their combinations). */
  inputs: { [P in K]: Input };
  ts: (values: Values<K>) => boolean;
  sql: (columns: Columns<K>) => SQL<boolean>;
};

const bools = { type: 'boolean', values: [true, false] } as const;
const instants = { type: 'timestamptz', values: [null, new Date('2026-01-15T12:00:00Z')] } as const;
const defineRule = <K extends string>(rule: SqlRule<K>) => rule;

export const sqlPolicy = {
  eventOpen: defineRule({
    rule: 'eventOpen',
    question: 'the event is not cancelled',
    inputs: { cancelledAt: instants },
    ts: (v) => bookingPolicy.eventOpen.check({ cancelledAt: v.cancelledAt as Date | null }) === null,
    sql: (c) => sql<boolean>`(${c.cancelledAt} is null)`,
  }),
  athleteActive: defineRule({
    rule: 'athleteActive',
    question: 'the athlete is active',
    inputs: { isActive: bools },
    ts: (v) => bookingPolicy.athleteActive.check({ isActive: v.isActive as boolean }) === null,
    sql: (c) => sql<boolean>`(${c.isActive} is true)`,
  }),
  walkInSetting: defineRule({
    rule: 'walkInSetting',
    question: "a class walk-in is allowed by the gym's kiosk settings, covered by a package or not",
    inputs: {
      kioskSettings: {
        type: 'jsonb',
        values: [{}, { allowWalkInsWithoutPackage: true }, { allowWalkInsWithoutPackage: false }, { athleteModeShowsPhotos: false }],
      },
      covered: bools,
    },
    ts: (v) =>
      bookingPolicy.walkInSetting.check({
        allowWalkInsWithoutPackage: kioskSettingsOf(v.kioskSettings).allowWalkInsWithoutPackage,
        covered: v.covered as boolean,
        athleteName: '',
      }) === null,
    sql: (c) => sql<boolean>`(${c.covered} or ${allowsUncoveredWalkInsOf(c.kioskSettings)})`,
  }),
  documentsSigned: defineRule({
    rule: 'documentsSigned',
    question: 'the document keeps its athlete from booking (blocksBooking: true means refused)',
    inputs: { requiredBeforeBooking: bools, signedAt: instants, voidedAt: instants, templateArchivedAt: instants },
    ts: (v) =>
      blocksBooking({
        requiredBeforeBooking: v.requiredBeforeBooking as boolean,
        isSigned: v.signedAt !== null,
        isVoided: v.voidedAt !== null,
        isTemplateArchived: v.templateArchivedAt !== null,
      }),
    sql: (c) => sql<boolean>`(${c.requiredBeforeBooking} is true and ${c.signedAt} is null and ${c.voidedAt} is null and ${c.templateArchivedAt} is null)`,
  }),
  isFull: defineRule({
    rule: 'isFull',
    question: 'the places held reach the capacity (true means full)',
    inputs: { placesHeld: { type: 'integer', values: [0, 1, 9, 10, 11] }, capacity: { type: 'integer', values: [0, 1, 10] } },
    ts: (v) => isFull(v.placesHeld as number, v.capacity as number),
    sql: (c) => sql<boolean>`(${c.placesHeld} >= ${c.capacity})`,
  }),
  holdsPlace: defineRule({
    rule: 'holdsPlace',
    question: 'the reservation holds a place (rules/reservations holdsPlace)',
    inputs: { isReserved: bools, isCheckedIn: bools, isLateCancel: bools, isNoShow: bools, isWaitlisted: bools },
    ts: (v) => holdsPlace(v as Record<ReservationFlag, boolean>),
    sql: (c) => holdsPlaceOf(c),
  }),
};

/** The gym's `allowWalkInsWithoutPackage` from its kiosk settings (absent: the default, on). */
function allowsUncoveredWalkInsOf(kioskSettings: AnyPgColumn | SQL): SQL<boolean> {
  return sql<boolean>`coalesce((${kioskSettings}->>'allowWalkInsWithoutPackage')::boolean, true)`;
}
export const allowsUncoveredWalkInsSql = (g: typeof gyms) => allowsUncoveredWalkInsOf(g.kioskSettings);

export const eventOpenSql = (e: typeof events) => sqlPolicy.eventOpen.sql({ cancelledAt: e.cancelledAt });
export const athleteActiveSql = (a: typeof athletes) => sqlPolicy.athleteActive.sql({ isActive: a.isActive });

/**
 * What an athlete must pass to take a place in an event, each as SQL over the athlete's and the event's rows: the
 * locked path asks each in turn to name the one that fails (reservations.service eligibleAthlete), the grouped
 * walk-ins ask all of them at once. The athlete is one of the event's gym (every query asks that).
 */
export type AthleteRule = { code: string; message: string; passes: (athlete: typeof athletes, event: typeof events) => SQL };
export const athleteRules: readonly AthleteRule[] = [
  {
    code: bookingPolicy.athleteActive.codes[0],
    message: bookingPolicy.athleteActive.check({ isActive: false })!.message,
    passes: (athlete) => athleteActiveSql(athlete),
  },
];

export function eligibleSql(athlete: typeof athletes, event: typeof events): SQL {
  return and(...athleteRules.map((rule) => rule.passes(athlete, event)))!;
}

/** The grouped walk-in's row condition: the event open, the athlete eligible (the rest is decided before it, or routed to the locked path). */
export function groupedWalkInSql(athlete: typeof athletes, event: typeof events): SQL {
  return and(eventOpenSql(event), eligibleSql(athlete, event))!;
}

/** Whether the walkInSetting rule refuses a class walk-in (the grouped path leaves a refused one to the locked path, which answers it). */
export const refusesWalkIn = (allowWalkInsWithoutPackage: boolean, covered: boolean): boolean =>
  bookingPolicy.walkInSetting.check({ allowWalkInsWithoutPackage, covered, athleteName: '' }) !== null;

/** A refusal of the policy as the write's answer: 409 unless told (an inactive athlete is a 400). */
export function refuse(refusal: { code: string; message: string } | null, status = 409): void {
  if (!refusal) return;
  throw status === 409 ? conflict(refusal.message, refusal.code) : new HttpError(status, refusal.message, refusal.code);
}
