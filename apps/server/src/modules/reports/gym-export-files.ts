import { and, eq, sql, type SQL } from 'drizzle-orm';
import { minorToDecimal, type GymExportFile } from '@spotter/shared';
import type { DbOrTx } from '../../db/client';
import {
  athletePackages,
  athletes,
  creditLedger,
  documentSignatures,
  documents,
  events,
  invoiceLines,
  invoices,
  packages,
  payments,
  reservations,
  staff,
} from '../../db/schema';
import type { CsvCell } from '../../lib/csv';

/**
 * Issue 21 (decision 037): the files of the whole-gym export, one CSV each: its title (the progress step), its header
 * and how a page of the gym's rows is read (keyset pages along an indexed order, never a whole table in memory).
 */
export type Cursor = readonly string[];
export type Page = { rows: CsvCell[][]; cursor: Cursor | null };
export type ExportGym = { gymId: string; timeZone: string; currency: string };
type FileSpec = {
  title: string;
  header: (gym: ExportGym) => string[];
  page: (db: DbOrTx, gym: ExportGym, after: Cursor | null, limit: number) => Promise<Page>;
};

const money = (minor: number | null): string => (minor === null ? '' : minorToDecimal(minor));
/** An instant as ISO 8601 in UTC, in SQL (full precision, whichever driver). */
const iso = (col: SQL | unknown) => sql<string | null>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
/** An instant as the gym's local date and time. */
const local = (col: SQL | unknown, tz: string) => sql<string | null>`to_char(${col} at time zone ${tz}, 'YYYY-MM-DD HH24:MI')`;
const dateText = (col: SQL | unknown) => sql<string | null>`to_char(${col}, 'YYYY-MM-DD')`;
/** Keyset: rows after the cursor along (sort key, id); the key's text is cast back to its type. */
const afterKey = (key: SQL, id: SQL, cast: string, after: Cursor | null) =>
  after ? sql`(${key}, ${id}) > (cast(${after[0]} as ${sql.raw(cast)}), cast(${after[1]} as uuid))` : undefined;
const cursorOf = <R extends { k: string; i: string }>(rows: R[], limit: number): Cursor | null => {
  const last = rows.at(-1);
  return rows.length === limit && last ? [last.k, last.i] : null;
};
const fullName = (first: unknown, last: unknown) => sql<string>`trim(${first} || ' ' || ${last})`;

export const exportFiles: Record<GymExportFile, FileSpec> = {
  athletes: {
    title: 'Athletes',
    header: () => [
      'athlete id',
      'first name',
      'last name',
      'email',
      'phone',
      'date of birth',
      'gender',
      'address',
      'city',
      'region',
      'postal code',
      'country',
      'emergency contact',
      'emergency phone',
      'active',
      'archived at',
      'source',
      'created (local)',
      'created at (UTC)',
    ],
    page: async (db, gym, after, limit) => {
      const t = athletes;
      const rows = await db
        .select({
          k: sql<string>`${t.createdAt}::text`,
          i: t.id,
          firstName: t.firstName,
          lastName: t.lastName,
          email: t.email,
          phone: t.phone,
          dob: dateText(t.dob),
          gender: t.gender,
          address: sql<string>`array_to_string(${t.addressLines}, ', ')`,
          locality: t.locality,
          region: t.region,
          zip: t.zipCode,
          country: t.addressCountry,
          emergencyName: t.emergencyName,
          emergencyPhone: t.emergencyPhone,
          isActive: t.isActive,
          archivedAt: iso(t.archivedAt),
          source: t.source,
          createdLocal: local(t.createdAt, gym.timeZone),
          createdAt: iso(t.createdAt),
        })
        .from(t)
        .where(and(eq(t.gymId, gym.gymId), afterKey(sql`${t.createdAt}`, sql`${t.id}`, 'timestamptz', after)))
        .orderBy(t.createdAt, t.id)
        .limit(limit);
      return {
        rows: rows.map((r) => [
          r.i,
          r.firstName,
          r.lastName,
          r.email,
          r.phone,
          r.dob,
          r.gender,
          r.address,
          r.locality,
          r.region,
          r.zip,
          r.country,
          r.emergencyName,
          r.emergencyPhone,
          r.isActive ? 'yes' : 'no',
          r.archivedAt,
          r.source,
          r.createdLocal,
          r.createdAt,
        ]),
        cursor: cursorOf(rows, limit),
      };
    },
  },
  staff: {
    title: 'Staff',
    header: () => ['staff id', 'first name', 'last name', 'email', 'phone', 'owner', 'coach', 'permissions', 'deactivated at', 'created at (UTC)'],
    page: async (db, gym, after, limit) => {
      const t = staff;
      const rows = await db
        .select({
          k: sql<string>`${t.id}::text`,
          i: t.id,
          firstName: t.firstName,
          lastName: t.lastName,
          email: t.email,
          phone: t.phone,
          isOwner: t.isOwner,
          isCoach: t.isCoach,
          permissions: sql<string>`array_to_string(${t.permissions}, ' ')`,
          deactivatedAt: iso(t.deactivatedAt),
          createdAt: iso(t.createdAt),
        })
        .from(t)
        .where(and(eq(t.gymId, gym.gymId), afterKey(sql`${t.id}`, sql`${t.id}`, 'uuid', after)))
        .orderBy(t.id)
        .limit(limit);
      return {
        rows: rows.map((r) => [
          r.i,
          r.firstName,
          r.lastName,
          r.email,
          r.phone,
          r.isOwner ? 'yes' : 'no',
          r.isCoach ? 'yes' : 'no',
          r.permissions,
          r.deactivatedAt,
          r.createdAt,
        ]),
        cursor: cursorOf(rows, limit),
      };
    },
  },
  packages: {
    title: 'Packages',
    header: (g) => [
      'package id',
      'name',
      'kind',
      'category',
      'credits',
      'validity days',
      `sign-up fee (${g.currency})`,
      'shown in sales portal',
      'archived at',
      'created at (UTC)',
    ],
    page: async (db, gym, after, limit) => {
      const t = packages;
      const rows = await db
        .select({
          k: sql<string>`${t.id}::text`,
          i: t.id,
          name: t.name,
          kind: t.kind,
          category: t.category,
          credits: t.credits,
          validityDays: t.validityDays,
          fee: t.signUpFeeMinor,
          portal: t.showInPortal,
          archivedAt: iso(t.archivedAt),
          createdAt: iso(t.createdAt),
        })
        .from(t)
        .where(and(eq(t.gymId, gym.gymId), afterKey(sql`${t.id}`, sql`${t.id}`, 'uuid', after)))
        .orderBy(t.id)
        .limit(limit);
      return {
        rows: rows.map((r) => [r.i, r.name, r.kind, r.category, r.credits, r.validityDays, money(r.fee), r.portal ? 'yes' : 'no', r.archivedAt, r.createdAt]),
        cursor: cursorOf(rows, limit),
      };
    },
  },
  'athlete-packages': {
    title: 'Athlete packages',
    header: (g) => [
      'athlete package id',
      'athlete id',
      'athlete',
      'package id',
      'package',
      'status',
      'start date',
      'end date',
      `price (${g.currency})`,
      `sign-up fee (${g.currency})`,
      'next billing date',
      'hold starts',
      'hold ends',
      'cancelled at (UTC)',
      'cancel reason',
      'source',
    ],
    page: async (db, gym, after, limit) => {
      const t = athletePackages;
      const rows = await db
        .select({
          k: sql<string>`${t.startDate}::text`,
          i: t.id,
          athleteId: t.athleteId,
          athlete: fullName(athletes.firstName, athletes.lastName),
          packageId: t.packageId,
          packageName: packages.name,
          status: t.status,
          startDate: dateText(t.startDate),
          endDate: dateText(t.endDate),
          price: t.priceMinor,
          fee: t.signUpFeeMinor,
          next: dateText(t.nextBillingDate),
          holdStart: dateText(t.holdStartsOn),
          holdEnd: dateText(t.holdEndsOn),
          cancelledAt: iso(t.cancelledAt),
          cancelReason: t.cancelReason,
          source: t.source,
        })
        .from(t)
        .innerJoin(athletes, eq(athletes.id, t.athleteId))
        .innerJoin(packages, eq(packages.id, t.packageId))
        .where(and(eq(t.gymId, gym.gymId), afterKey(sql`${t.startDate}`, sql`${t.id}`, 'date', after)))
        .orderBy(t.startDate, t.id)
        .limit(limit);
      return {
        rows: rows.map((r) => [
          r.i,
          r.athleteId,
          r.athlete,
          r.packageId,
          r.packageName,
          r.status,
          r.startDate,
          r.endDate,
          money(r.price),
          money(r.fee),
          r.next,
          r.holdStart,
          r.holdEnd,
          r.cancelledAt,
          r.cancelReason,
          r.source,
        ]),
        cursor: cursorOf(rows, limit),
      };
    },
  },
  'credit-ledger': {
    title: 'Credit ledger',
    header: () => [
      'entry id',
      'athlete package id',
      'athlete id',
      'athlete',
      'credits',
      'reason',
      'reservation id',
      'note',
      'date (local)',
      'created at (UTC)',
    ],
    page: async (db, gym, after, limit) => {
      const t = creditLedger;
      const rows = await db
        .select({
          k: sql<string>`${t.createdAt}::text`,
          i: t.id,
          packageId: t.athletePackageId,
          athleteId: t.athleteId,
          athlete: fullName(athletes.firstName, athletes.lastName),
          delta: t.delta,
          reason: t.reason,
          reservationId: t.reservationId,
          note: t.note,
          createdLocal: local(t.createdAt, gym.timeZone),
          createdAt: iso(t.createdAt),
        })
        .from(t)
        .innerJoin(athletes, eq(athletes.id, t.athleteId))
        .where(and(eq(t.gymId, gym.gymId), afterKey(sql`${t.createdAt}`, sql`${t.id}`, 'timestamptz', after)))
        .orderBy(t.createdAt, t.id)
        .limit(limit);
      return {
        rows: rows.map((r) => [r.i, r.packageId, r.athleteId, r.athlete, r.delta, r.reason, r.reservationId, r.note, r.createdLocal, r.createdAt]),
        cursor: cursorOf(rows, limit),
      };
    },
  },
  invoices: {
    title: 'Invoices',
    header: (g) => [
      'invoice id',
      'number',
      'athlete id',
      'athlete',
      'guest',
      'status',
      'source',
      'issue date',
      'due date',
      `net (${g.currency})`,
      `tax (${g.currency})`,
      `total (${g.currency})`,
      `paid (${g.currency})`,
      `refunded (${g.currency})`,
      'tax inclusive',
      'period start',
      'period end',
      'voided at (UTC)',
      'void reason',
      'created at (UTC)',
    ],
    page: async (db, gym, after, limit) => {
      const t = invoices;
      const rows = await db
        .select({
          k: sql<string>`${t.dueDate}::text`,
          i: t.id,
          number: t.number,
          athleteId: t.athleteId,
          athlete: sql<string | null>`case when ${athletes.id} is null then null else ${fullName(athletes.firstName, athletes.lastName)} end`,
          guest: t.guestName,
          status: t.status,
          source: t.source,
          issueDate: dateText(t.issueDate),
          dueDate: dateText(t.dueDate),
          net: t.netMinor,
          tax: t.taxMinor,
          total: t.totalMinor,
          paid: t.paymentsMinor,
          refunded: t.refundsMinor,
          inclusive: t.isTaxInclusive,
          periodStart: dateText(t.periodStart),
          periodEnd: dateText(t.periodEnd),
          voidedAt: iso(t.voidedAt),
          voidReason: t.voidReason,
          createdAt: iso(t.createdAt),
        })
        .from(t)
        .leftJoin(athletes, eq(athletes.id, t.athleteId))
        .where(and(eq(t.gymId, gym.gymId), afterKey(sql`${t.dueDate}`, sql`${t.id}`, 'date', after)))
        .orderBy(t.dueDate, t.id)
        .limit(limit);
      return {
        rows: rows.map((r) => [
          r.i,
          r.number,
          r.athleteId,
          r.athlete,
          r.guest,
          r.status,
          r.source,
          r.issueDate,
          r.dueDate,
          money(r.net),
          money(r.tax),
          money(r.total),
          money(r.paid),
          money(r.refunded),
          r.inclusive ? 'yes' : 'no',
          r.periodStart,
          r.periodEnd,
          r.voidedAt,
          r.voidReason,
          r.createdAt,
        ]),
        cursor: cursorOf(rows, limit),
      };
    },
  },
  'invoice-lines': {
    title: 'Invoice lines',
    header: (g) => [
      'line id',
      'invoice id',
      'invoice number',
      'position',
      'description',
      `item price (${g.currency})`,
      'quantity',
      'tax rate (%)',
      `net (${g.currency})`,
      `tax (${g.currency})`,
      `total (${g.currency})`,
      'package id',
      'product id',
    ],
    page: async (db, gym, after, limit) => {
      const t = invoiceLines;
      // invoice_lines has no gym index: walk the gym's invoices along (gym_id, due_date) and each one's lines.
      const rows = await db
        .select({
          k: sql<string>`${invoices.dueDate}::text || '|' || ${invoices.id}::text || '|' || ${t.position}::text`,
          i: t.id,
          invoiceId: t.invoiceId,
          number: invoices.number,
          position: t.position,
          description: t.description,
          price: t.itemPriceMinor,
          quantity: t.quantity,
          rate: sql<string | null>`${t.taxRateValue}::text`,
          net: t.netMinor,
          tax: t.taxMinor,
          total: t.totalMinor,
          packageId: t.packageId,
          productId: t.productId,
        })
        .from(t)
        .innerJoin(invoices, eq(invoices.id, t.invoiceId))
        .where(
          and(
            eq(invoices.gymId, gym.gymId),
            after
              ? sql`(${invoices.dueDate}, ${invoices.id}, ${t.position}) > (cast(${after[0]} as date), cast(${after[1]} as uuid), cast(${after[2]} as integer))`
              : undefined,
          ),
        )
        .orderBy(invoices.dueDate, invoices.id, t.position)
        .limit(limit);
      const last = rows.at(-1);
      return {
        rows: rows.map((r) => [
          r.i,
          r.invoiceId,
          r.number,
          r.position,
          r.description,
          money(r.price),
          r.quantity,
          r.rate,
          money(r.net),
          money(r.tax),
          money(r.total),
          r.packageId,
          r.productId,
        ]),
        cursor: rows.length === limit && last ? last.k.split('|') : null,
      };
    },
  },
  payments: {
    title: 'Payments',
    header: (g) => [
      'payment id',
      'invoice id',
      'invoice number',
      'athlete id',
      'kind',
      'channel',
      'status',
      `amount (${g.currency})`,
      `refunded (${g.currency})`,
      'refund of payment id',
      'reason',
      'reference',
      'failure',
      'date (local)',
      'recorded at (UTC)',
    ],
    page: async (db, gym, after, limit) => {
      const t = payments;
      const rows = await db
        .select({
          k: sql<string>`${t.createdAt}::text`,
          i: t.id,
          invoiceId: t.invoiceId,
          number: invoices.number,
          athleteId: t.athleteId,
          kind: t.kind,
          channel: t.channel,
          status: t.status,
          amount: t.amountMinor,
          refunded: t.refundedMinor,
          refundOf: t.refundOfPaymentId,
          reason: t.reason,
          reference: t.reference,
          failure: t.failureMessage,
          createdLocal: local(t.createdAt, gym.timeZone),
          createdAt: iso(t.createdAt),
        })
        .from(t)
        .innerJoin(invoices, eq(invoices.id, t.invoiceId))
        .where(and(eq(t.gymId, gym.gymId), afterKey(sql`${t.createdAt}`, sql`${t.id}`, 'timestamptz', after)))
        .orderBy(t.createdAt, t.id)
        .limit(limit);
      return {
        rows: rows.map((r) => [
          r.i,
          r.invoiceId,
          r.number,
          r.athleteId,
          r.kind,
          r.channel,
          r.status,
          money(r.amount),
          money(r.refunded),
          r.refundOf,
          r.reason,
          r.reference,
          r.failure,
          r.createdLocal,
          r.createdAt,
        ]),
        cursor: cursorOf(rows, limit),
      };
    },
  },
  bookings: bookingsFile('Bookings', false),
  attendance: bookingsFile('Attendance', true),
  documents: {
    title: 'Documents',
    header: () => [
      'document id',
      'athlete id',
      'athlete',
      'type',
      'title',
      'source',
      'state',
      'issued (local)',
      'issued at (UTC)',
      'signed at (UTC)',
      'signed by',
      'signer relation',
      'signature method',
      'voided at (UTC)',
      'void reason',
      'reminders sent',
    ],
    page: async (db, gym, after, limit) => {
      const t = documents;
      // Metadata only: the signature image and the signed content stay out of the export.
      const rows = await db
        .select({
          k: sql<string>`${t.issuedAt}::text`,
          i: t.id,
          athleteId: t.athleteId,
          athlete: fullName(athletes.firstName, athletes.lastName),
          type: t.type,
          title: t.title,
          source: t.source,
          signedAtRaw: t.signedAt,
          voidedAtRaw: t.voidedAt,
          issuedLocal: local(t.issuedAt, gym.timeZone),
          issuedAt: iso(t.issuedAt),
          signedAt: iso(t.signedAt),
          signer: documentSignatures.signerName,
          relation: documentSignatures.relation,
          method: documentSignatures.method,
          voidedAt: iso(t.voidedAt),
          voidReason: t.voidReason,
          reminders: t.reminderCount,
        })
        .from(t)
        .innerJoin(athletes, eq(athletes.id, t.athleteId))
        .leftJoin(documentSignatures, eq(documentSignatures.documentId, t.id))
        .where(and(eq(t.gymId, gym.gymId), afterKey(sql`${t.issuedAt}`, sql`${t.id}`, 'timestamptz', after)))
        .orderBy(t.issuedAt, t.id)
        .limit(limit);
      return {
        rows: rows.map((r) => [
          r.i,
          r.athleteId,
          r.athlete,
          r.type,
          r.title,
          r.source,
          r.voidedAtRaw ? 'voided' : r.signedAtRaw ? 'signed' : 'unsigned',
          r.issuedLocal,
          r.issuedAt,
          r.signedAt,
          r.signer,
          r.relation,
          r.method,
          r.voidedAt,
          r.voidReason,
          r.reminders,
        ]),
        cursor: cursorOf(rows, limit),
      };
    },
  },
};

/** Reservations of the gym's classes and appointments (attendance: the checked-in ones), along (gym_id, starts_at). */
function bookingsFile(title: string, checkedInOnly: boolean): FileSpec {
  return {
    title,
    header: () => [
      'reservation id',
      'event id',
      'kind',
      'date (local)',
      'start time (local)',
      'starts at (UTC)',
      'athlete id',
      'athlete',
      ...(checkedInOnly ? ['checked in at (UTC)'] : ['status', 'late cancel', 'no-show', 'checked in', 'booked at (UTC)']),
      'athlete package id',
      'class cancelled',
    ],
    page: async (db, gym, after, limit) => {
      const r = reservations;
      const rows = await db
        .select({
          k: sql<string>`${events.startsAt}::text`,
          i: r.id,
          eventId: r.eventId,
          kind: events.kind,
          date: dateText(events.startDate),
          time: sql<string>`to_char(${events.startTime}, 'HH24:MI')`,
          startsAt: iso(events.startsAt),
          athleteId: r.athleteId,
          athlete: fullName(athletes.firstName, athletes.lastName),
          isReserved: r.isReserved,
          isWaitlisted: r.isWaitlisted,
          isLateCancel: r.isLateCancel,
          isNoShow: r.isNoShow,
          isCheckedIn: r.isCheckedIn,
          checkedInAt: iso(r.checkedInAt),
          bookedAt: iso(r.registrationDatetime),
          packageId: r.athletePackageId,
          cancelled: sql<boolean>`${events.cancelledAt} is not null`,
        })
        .from(r)
        .innerJoin(events, eq(events.id, r.eventId))
        .innerJoin(athletes, eq(athletes.id, r.athleteId))
        .where(
          and(
            eq(events.gymId, gym.gymId),
            checkedInOnly ? eq(r.isCheckedIn, true) : undefined,
            afterKey(sql`${events.startsAt}`, sql`${r.id}`, 'timestamptz', after),
          ),
        )
        .orderBy(events.startsAt, r.id)
        .limit(limit);
      return {
        rows: rows.map((x) => [
          x.i,
          x.eventId,
          x.kind,
          x.date,
          x.time,
          x.startsAt,
          x.athleteId,
          x.athlete,
          ...(checkedInOnly
            ? [x.checkedInAt]
            : [
                x.isWaitlisted ? 'waitlisted' : x.isReserved || x.isCheckedIn ? 'reserved' : 'cancelled',
                x.isLateCancel ? 'yes' : 'no',
                x.isNoShow ? 'yes' : 'no',
                x.isCheckedIn ? 'yes' : 'no',
                x.bookedAt,
              ]),
          x.packageId,
          x.cancelled ? 'yes' : 'no',
        ]),
        cursor: cursorOf(rows, limit),
      };
    },
  };
}
