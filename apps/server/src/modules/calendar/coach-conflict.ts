import { sql } from 'drizzle-orm';
import { calendarMessages, formatDate, formatTime, type GymCountry } from '@spotter/shared';
import { queryRows, type Db } from '../../db/client';

/**
 * The coach and the booked range a refusal of event_coaches_no_overlap names. PostgreSQL's detail reads
 * `Key (staff_id, tstzrange(starts_at, busy_until))=(<id>, ["<from>","<to>")) conflicts with existing key (…)=(<id>, […))`.
 */
export function coachConflictKeys(detail: string): { staffId: string; from: string; to: string }[] {
  const keys = [...detail.matchAll(/=\(([0-9a-f-]{36}), [[(]"([^"]+)","([^"]+)"[)\]]\)/gi)];
  return keys.map((k) => ({ staffId: k[1]!, from: k[2]!, to: k[3]! }));
}

/**
 * Issue 34 item 4: a coach booked twice is refused by the database (decision in migration 0008), whoever writes; the
 * refusal names the class already there: "Dana Whitfield already teaches CrossFit WOD on 03/17/2026 at 6:30 PM.".
 * Read after the refused transaction rolled back, so only the class that was there before is found. Null when it
 * cannot be told (the generic message stands).
 */
export async function coachConflictMessage(db: Db, detail: string | undefined): Promise<string | null> {
  if (!detail) return null;
  for (const key of coachConflictKeys(detail)) {
    const [row] = await queryRows<{ coach: string; name: string | null; start_date: string; start_time: string; country: GymCountry }>(
      db,
      sql`select s.first_name || ' ' || s.last_name as coach, coalesce(ct.name, at.name) as name,
          e.start_date::text as start_date, e.start_time::text as start_time, g.country
        from event_coaches ec
        join events e on e.id = ec.event_id
        join staff s on s.id = ec.staff_id
        join gyms g on g.id = e.gym_id
        left join class_types ct on ct.id = e.class_type_id
        left join appointment_types at on at.id = e.appointment_type_id
        where ec.staff_id = ${key.staffId}::uuid and not ec.is_cancelled
          and tstzrange(ec.starts_at, ec.busy_until) && tstzrange(${key.from}::timestamptz, ${key.to}::timestamptz)
        order by ec.starts_at limit 1`,
    );
    if (row) {
      const what = row.name ?? 'a class';
      return `${row.coach.trim()} already teaches ${what} on ${formatDate(row.start_date, row.country)} at ${formatTime(row.start_time.slice(0, 5), row.country)}. ${calendarMessages.coachBusyHint}`;
    }
  }
  return null;
}
