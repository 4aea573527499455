import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  athleteActivityPageSchema,
  athleteAttendancePageSchema,
  athleteBookingAnswerSchema,
  athleteBookingsPageSchema,
  athleteFamilySchema,
  athleteNoteSchema,
  athleteNotesSchema,
  athleteOverviewSchema,
  athleteRecordSchema,
  athleteSearchPageSchema,
  okSchema,
  scheduleDaySchema,
  appointmentTypePageSchema,
  bookedAppointmentSchema,
  type AthleteInput,
  type BookAppointmentInput,
  type AthleteNoteInput,
  type CreateAthleteInput,
} from '@spotter/shared';
import { callEndpoint, downloadEndpoint } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { athleteKeys } from '../../athletes';
import { eventKeys } from '../../events';

/** Every read of one athlete sits under ['athlete-record', id]: a write refreshes them all. */
export const athleteRecordKeys = {
  all: ['athlete-record'] as const,
  athlete: (id: string) => ['athlete-record', id] as const,
  record: (id: string) => ['athlete-record', id, 'record'] as const,
  overview: (id: string) => ['athlete-record', id, 'overview'] as const,
  attendance: (id: string, page: number) => ['athlete-record', id, 'attendance', page] as const,
  bookings: (id: string) => ['athlete-record', id, 'bookings'] as const,
  bookable: (id: string, date: string) => ['athlete-record', id, 'bookable', date] as const,
  notes: (id: string) => ['athlete-record', id, 'notes'] as const,
  family: (id: string) => ['athlete-record', id, 'family'] as const,
  activity: (id: string, page: number) => ['athlete-record', id, 'activity', page] as const,
  search: (search: string) => ['athlete-record', 'search', search] as const,
};

export const PAGE_SIZE = 20;
const page = (n: number) => ({ limit: PAGE_SIZE, offset: (n - 1) * PAGE_SIZE });

export const recordQueryOptions = (id: string) =>
  queryOptions({
    queryKey: athleteRecordKeys.record(id),
    queryFn: () => callEndpoint('athleteRecord', { params: { athleteId: id } }, { schema: athleteRecordSchema }),
  });
export const useAthleteRecord = (id: string) => useQuery(recordQueryOptions(id));

export const useAthleteOverview = (id: string) =>
  useQuery({
    queryKey: athleteRecordKeys.overview(id),
    queryFn: () => callEndpoint('athleteOverview', { params: { athleteId: id } }, { schema: athleteOverviewSchema }),
  });

export const useAthleteAttendance = (id: string, n: number) =>
  useQuery({
    queryKey: athleteRecordKeys.attendance(id, n),
    queryFn: () => callEndpoint('athleteAttendance', { params: { athleteId: id }, query: page(n) }, { schema: athleteAttendancePageSchema }),
    placeholderData: keepPreviousData,
  });

export const useAthleteBookings = (id: string) =>
  useQuery({
    queryKey: athleteRecordKeys.bookings(id),
    queryFn: () => callEndpoint('athleteBookings', { params: { athleteId: id }, query: { limit: 50 } }, { schema: athleteBookingsPageSchema }),
  });

export const useBookableClasses = (id: string, date: string, enabled: boolean) =>
  useQuery({
    queryKey: athleteRecordKeys.bookable(id, date),
    queryFn: () => callEndpoint('athleteBookableClasses', { params: { athleteId: id }, query: { date } }, { schema: scheduleDaySchema }),
    enabled,
  });

export const useAthleteNotes = (id: string) =>
  useQuery({
    queryKey: athleteRecordKeys.notes(id),
    queryFn: () => callEndpoint('athleteNotes', { params: { athleteId: id } }, { schema: athleteNotesSchema }),
  });

export const useAthleteFamily = (id: string) =>
  useQuery({
    queryKey: athleteRecordKeys.family(id),
    queryFn: () => callEndpoint('athleteFamily', { params: { athleteId: id } }, { schema: athleteFamilySchema }),
  });

export const useAthleteActivity = (id: string, n: number) =>
  useQuery({
    queryKey: athleteRecordKeys.activity(id, n),
    queryFn: () => callEndpoint('athleteActivity', { params: { athleteId: id }, query: page(n) }, { schema: athleteActivityPageSchema }),
    placeholderData: keepPreviousData,
  });

export const useAthleteSearch = (search: string) =>
  useQuery({
    queryKey: athleteRecordKeys.search(search),
    queryFn: () => callEndpoint('athleteSearch', { query: { search, limit: 10 } }, { schema: athleteSearchPageSchema }),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** Writes of one athlete: each refreshes that athlete's reads. */
const refresh = (id: string) => [athleteRecordKeys.athlete(id)];

export const useCreateAthlete = () =>
  useApiMutation({
    mutationFn: (body: CreateAthleteInput) => callEndpoint('createAthlete', { body }, { schema: athleteRecordSchema }),
    success: (a) => `${a.fullName} was added.`,
  });

export const useUpdateAthleteRecord = (id: string) =>
  useApiMutation({
    mutationFn: (body: AthleteInput) => callEndpoint('updateAthleteRecord', { params: { athleteId: id }, body }, { schema: athleteRecordSchema }),
    success: 'Athlete saved.',
    invalidates: refresh(id),
  });

type RecordAction = 'archiveAthlete' | 'unarchiveAthlete';
export const useArchiveAthlete = (id: string) =>
  useApiMutation({
    mutationFn: (action: RecordAction) => callEndpoint(action, { params: { athleteId: id } }, { schema: athleteRecordSchema }),
    success: (a) => (a.isArchived ? `${a.fullName} was archived.` : `${a.fullName} is back in the lists.`),
    errorTitle: 'Could not change the athlete',
    invalidates: refresh(id),
  });

export const useInviteAthlete = (id: string) =>
  useApiMutation({
    mutationFn: () => callEndpoint('inviteAthlete', { params: { athleteId: id } }, { schema: okSchema }),
    success: (r) => r.detail,
    errorTitle: 'Could not send the invitation',
    invalidates: refresh(id),
  });

export const useAnonymiseAthlete = (id: string) =>
  useApiMutation({
    mutationFn: (confirm: string) => callEndpoint('anonymiseAthlete', { params: { athleteId: id }, body: { confirm } }, { schema: athleteRecordSchema }),
    success: 'The athlete was anonymised.',
    invalidates: refresh(id),
  });

export async function downloadAthleteExport(id: string) {
  const { blob, fileName } = await downloadEndpoint('exportAthlete', { params: { athleteId: id } });
  saveFile(blob, fileName ?? `athlete-${id}.json`);
}

export const useBookForAthlete = (id: string) =>
  useApiMutation({
    mutationFn: (body: { eventId: string; joinWaitlist: boolean }) =>
      callEndpoint('bookForAthlete', { params: { athleteId: id }, body }, { schema: athleteBookingAnswerSchema }),
    success: (r) => r.detail,
    errorTitle: 'Could not book the class',
    invalidates: refresh(id),
  });

export const useCancelBooking = (id: string) =>
  useApiMutation({
    mutationFn: (reservationId: string) => callEndpoint('cancelAthleteBooking', { params: { athleteId: id, reservationId } }, { schema: okSchema }),
    success: (r) => r.detail,
    errorTitle: 'Could not cancel the booking',
    invalidates: refresh(id),
  });

export const useSaveNote = (id: string) =>
  useApiMutation({
    mutationFn: ({ noteId, ...body }: AthleteNoteInput & { noteId?: string }) =>
      noteId
        ? callEndpoint('updateAthleteNote', { params: { athleteId: id, noteId }, body }, { schema: athleteNoteSchema })
        : callEndpoint('createAthleteNote', { params: { athleteId: id }, body }, { schema: athleteNoteSchema }),
    invalidates: refresh(id),
  });

export const useDeleteNote = (id: string) =>
  useApiMutation({
    mutationFn: (noteId: string) => callEndpoint('deleteAthleteNote', { params: { athleteId: id, noteId } }, { schema: okSchema }),
    success: 'Note deleted.',
    errorTitle: 'Could not delete the note',
    invalidates: refresh(id),
  });

export const useLinkDependant = (id: string) =>
  useApiMutation({
    mutationFn: (dependantAthleteId: string) =>
      callEndpoint('linkDependant', { params: { athleteId: id }, body: { dependantAthleteId } }, { schema: athleteFamilySchema }),
    success: 'Dependant linked.',
    errorTitle: 'Could not link the dependant',
    invalidates: [athleteRecordKeys.all],
  });

export const useUnlinkDependant = (id: string) =>
  useApiMutation({
    mutationFn: (dependantAthleteId: string) =>
      callEndpoint('unlinkDependant', { params: { athleteId: id, dependantAthleteId } }, { schema: athleteFamilySchema }),
    success: 'Dependant unlinked.',
    errorTitle: 'Could not unlink the dependant',
    invalidates: [athleteRecordKeys.all],
  });

/** Put one of the gym's tags on the athlete, or take it off: the record (with its tags) comes back. */
export const useAthleteTag = (id: string) =>
  useApiMutation({
    mutationFn: ({ tagId, action }: { tagId: string; action: 'add' | 'remove'; tagName: string }) =>
      callEndpoint(action === 'add' ? 'addAthleteTag' : 'removeAthleteTag', { params: { athleteId: id, tagId } }, { schema: athleteRecordSchema }),
    success: (_a, v) => (v.action === 'add' ? `Tag “${v.tagName}” added.` : `Tag “${v.tagName}” removed.`),
    errorTitle: 'Could not change the tags',
    // The list's tag counts and rows change too.
    invalidates: [...refresh(id), athleteKeys.all],
  });

/** The gym's active appointment types that a coach offers: what staff can book for the athlete. */
export const useAppointmentTypesToBook = (enabled: boolean) =>
  useQuery({
    queryKey: ['athlete-record', 'appointment-types'] as const,
    queryFn: async () => {
      const page = await callEndpoint('appointmentTypes', { query: { status: 'active', limit: 100 } }, { schema: appointmentTypePageSchema });
      return page.results.filter((t) => t.coaches.length > 0);
    },
    enabled,
    staleTime: 60_000,
  });

/** Books a free slot for the athlete through the appointments' booking (issue 16's rules; staff need Kiosk). */
export const useBookAppointmentForAthlete = (id: string) =>
  useApiMutation({
    mutationFn: (input: Omit<BookAppointmentInput, 'athleteId'>) =>
      callEndpoint('bookAppointment', { body: { ...input, athleteId: id } }, { schema: bookedAppointmentSchema }),
    success: (r) => `${r.appointment.name} booked.`,
    errorTitle: 'Could not book the appointment',
    invalidates: [...refresh(id), eventKeys.all],
  });
