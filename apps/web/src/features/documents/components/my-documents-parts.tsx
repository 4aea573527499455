import { Badge } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { documentStateLabels, formatDate, formatTime, toZoned, type DocumentRow, type DocumentState, type GymCountry } from '@spotter/shared';
import { useCurrentSession } from '../../auth';
import { useGym } from '../../events';
import { downloadEndpoint, errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';

/** The gym's country and zone: dates and times show as the gym writes them (spec 9). */
export function useGymClock(): { country: GymCountry | null; timeZone: string | null } {
  const session = useCurrentSession();
  const gym = useGym(session.gym?.gymId ?? '');
  return { country: gym.data?.country ?? null, timeZone: gym.data?.timeZone ?? null };
}

/** An instant as a date (and time) in the gym's zone. */
export function gymDate(iso: string, clock: { country: GymCountry | null; timeZone: string | null }, withTime = false): string {
  const z = toZoned(new Date(iso), clock.timeZone ?? 'UTC');
  const date = formatDate(z.date, clock.country);
  return withTime ? `${date} ${formatTime(z.time, clock.country)}` : date;
}

/** Whose document it is when it is not the caller's own: a dependant's (null for the caller's). */
export function useDependantName(row: Pick<DocumentRow, 'athlete'>): string | null {
  const session = useCurrentSession();
  return session.athlete?.athleteId === row.athlete.athleteId ? null : row.athlete.fullName;
}

/** Light badges with text dark enough for 4.5:1 (axe color-contrast). */
const stateStyle: Record<DocumentState, { color: string; c: string }> = {
  unsigned: { color: 'yellow', c: '#6b4a00' },
  signed: { color: 'teal', c: '#0b5e45' },
  voided: { color: 'gray', c: '#3d3f44' },
};
export function DocumentStateBadge({ state }: { state: DocumentState }) {
  const s = stateStyle[state];
  return (
    <Badge variant="light" color={s.color} c={s.c} style={{ flexShrink: 0 }}>
      {documentStateLabels[state]}
    </Badge>
  );
}

/** The signed PDF, saved under the server's name. */
export function useDownloadMyDocumentPdf() {
  return useMutation({
    mutationFn: async (documentId: string) => {
      const { blob, fileName } = await downloadEndpoint('myDocumentPdf', { params: { documentId } });
      saveFile(blob, fileName ?? 'document.pdf');
    },
    onError: (error) => notifyError({ title: 'Download failed', message: errorMessage(error) }),
  });
}
