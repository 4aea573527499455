import { Alert, Button, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { formatDate, formatTime, toZoned, type GymCountry, type GymExport } from '@spotter/shared';
import { useSession } from '../../auth';
import { useDownloadGymExport, useLatestGymExport, useStartGymExport } from '../api/gym-export';

/** A file's size as people read it (1.2 MB). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const whenOf = (iso: string, country: GymCountry, timeZone: string) => {
  const local = toZoned(new Date(iso), timeZone);
  return `${formatDate(local.date, country)} ${formatTime(local.time, country)}`;
};

/** Issue 21: the whole-gym export (a ZIP of CSVs built in the background), owners only. */
export function ExportSection({ country, timeZone }: { country: GymCountry; timeZone: string }) {
  const session = useSession();
  const isOwner = session.data?.role === 'owner';
  if (!isOwner) {
    return (
      <Text size="sm" c="dimmed">
        Only the gym's owner can export all of the gym's data. Each list (athletes, invoices and more) still has its own CSV export.
      </Text>
    );
  }
  return <OwnerExport country={country} timeZone={timeZone} />;
}

function OwnerExport({ country, timeZone }: { country: GymCountry; timeZone: string }) {
  const latest = useLatestGymExport(true);
  const start = useStartGymExport();
  const download = useDownloadGymExport();
  const current: GymExport | null = latest.data?.latest ?? null;
  const building = current?.state === 'queued' || current?.state === 'running';

  return (
    <Stack gap="sm">
      <Text size="sm">
        Export all of the gym's data (athletes, staff, packages, credits, invoices, payments, bookings, attendance and documents) as CSV files in one ZIP. It is
        prepared in the background: you can leave this page and come back.
      </Text>
      {latest.isPending ? (
        <Skeleton height={36} radius="sm" role="status" aria-label="Loading the last export" />
      ) : latest.isError ? (
        <Alert color="red" title="Error">
          The last export could not be loaded. Reload the page to try again.
        </Alert>
      ) : (
        <>
          {building && current && (
            <Stack gap={4}>
              <Text size="sm" id="gym-export-step">
                {current.state === 'queued' ? 'Waiting to start…' : `Writing ${current.step || 'files'}…`} {current.progress}%
              </Text>
              <Progress value={current.progress} animated aria-label="Export progress" aria-describedby="gym-export-step" />
            </Stack>
          )}
          {current?.state === 'failed' && (
            <Alert color="red" title="The export failed">
              {current.step || 'Something went wrong.'} Start a new export to try again.
            </Alert>
          )}
          {current?.state === 'done' && (
            <Text size="sm">
              Last export: {whenOf(current.finishedAt ?? current.requestedAt, country, timeZone)}
              {current.sizeBytes !== null ? `, ${formatBytes(current.sizeBytes)}` : ''} ({current.fileName})
            </Text>
          )}
          <Group>
            <Button variant="default" color="red" onClick={() => start.mutate()} loading={start.isPending} disabled={building}>
              Export all data
            </Button>
            {current?.state === 'done' && (
              <Button onClick={() => download.mutate(current)} loading={download.isPending}>
                Download ZIP
              </Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
