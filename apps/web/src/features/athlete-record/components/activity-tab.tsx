import { LabelledPagination } from '../../../components/labelled-pagination';
import { useState } from 'react';
import { Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { formatDate, formatTime, toZoned, type AthleteActivity } from '@spotter/shared';
import { useAthleteActivity, PAGE_SIZE } from '../api/athlete-record';
import { LOAD_ERROR } from './parts';
import { useGymCountry } from './use-gym-country';

const actionLabels: Record<string, string> = {
  'athlete.created': 'Athlete created',
  'athlete.updated': 'Details changed',
  'athlete.archived': 'Archived',
  'athlete.unarchived': 'Unarchived',
  'athlete.invited': 'Invitation sent',
  'athlete.anonymised': 'Anonymised',
  'note.created': 'Note written',
  'note.updated': 'Note edited',
  'note.pinned': 'Note pinned',
  'note.unpinned': 'Note unpinned',
  'note.deleted': 'Note deleted',
  'family.dependant_linked': 'Dependant linked',
  'family.dependant_unlinked': 'Dependant unlinked',
  'family.parent_linked': 'Parent linked',
  'family.parent_unlinked': 'Parent unlinked',
  // Issue 33: the domain events the audit trail consumes (server modules/audit/audit-trail.ts).
  'booking.created': 'Booked',
  'booking.cancelled': 'Booking cancelled',
  'booking.late_cancelled': 'Late cancel',
  'booking.no_show': 'No show',
  'booking.checked_in': 'Checked in',
  'booking.promoted': 'Promoted from the waitlist',
  'package.sold': 'Package sold',
  'package.held': 'Package put on hold',
  'package.cancelled': 'Package cancelled',
  'package.ended': 'Package ended',
  'invoice.issued': 'Invoice issued',
  'invoice.past_due': 'Invoice past due',
  'invoice.paid': 'Invoice paid',
  'payment.failed': 'Payment failed',
  'payment.refunded': 'Payment refunded',
  'document.issued': 'Document issued',
  'document.signed': 'Document signed',
};

const fieldLabels: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  dob: 'Date of birth',
  gender: 'Gender',
  address: 'Address',
  emergencyName: 'Emergency contact',
  emergencyPhone: 'Emergency phone',
  medicalNotes: 'Medical notes',
};

const shown = (v: unknown) => (v === null || v === '' ? '(empty)' : typeof v === 'object' ? 'changed' : String(v));

/** What an audit row changed, in words: "Last name: Lopez → Smith". */
export function describeChanges(row: AthleteActivity): string[] {
  if (row.action !== 'athlete.updated') return [];
  return Object.entries(row.changes).map(([field, pair]) => {
    const [before, after] = Array.isArray(pair) ? pair : [null, null];
    const label = fieldLabels[field] ?? field;
    return field === 'medicalNotes' || field === 'address' ? `${label} changed` : `${label}: ${shown(before)} → ${shown(after)}`;
  });
}

/** Activity: the audit trail, latest first, with who made each change and when. */
export function ActivityTab({ athleteId }: { athleteId: string }) {
  const [page, setPage] = useState(1);
  const q = useAthleteActivity(athleteId, page);
  const { country, timeZone } = useGymCountry();
  // Spec 9: in the gym's zone and its country's date and time formats.
  const when = (iso: string) => {
    const local = toZoned(new Date(iso), timeZone ?? 'UTC');
    return `${formatDate(local.date, country)} ${formatTime(local.time, country)}`;
  };
  if (q.isError) return <Text c="red">{LOAD_ERROR}</Text>;
  if (!q.data) return <Skeleton height={200} />;
  if (q.data.count === 0) return <Text c="dimmed">No activity recorded yet.</Text>;
  return (
    <Stack gap="md">
      <Timeline bulletSize={14} lineWidth={2}>
        {q.data.results.map((row) => (
          <Timeline.Item key={row.auditId} title={actionLabels[row.action] ?? row.action}>
            <Text size="xs" c="dimmed">
              {row.actorName} · {when(row.createdAt)}
            </Text>
            {describeChanges(row).map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Timeline.Item>
        ))}
      </Timeline>
      {q.data.count > PAGE_SIZE && (
        <LabelledPagination total={Math.ceil(q.data.count / PAGE_SIZE)} value={page} onChange={setPage} aria-label="Activity pages" />
      )}
    </Stack>
  );
}
