import { useEffect } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Group, List, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { isImportRunning, useAthleteImport } from '../api/get-athlete-import';
import { athleteListPrefix } from '../api/query-keys';
import { useDownloadSkippedRows } from '../api/start-athlete-import';
import { RowErrors, countsText } from './import-parts';

/** Step 4: the import's progress, polled while it runs, then what it did and the rows it skipped as invalid. */
export function ProgressStep({ importId, onClose, athletesListPath }: { importId: string; onClose: () => void; athletesListPath: string }) {
  const queryClient = useQueryClient();
  const { data: imp, isError } = useAthleteImport(importId);
  const download = useDownloadSkippedRows();
  const running = isImportRunning(imp?.status);
  const finished = imp?.status === 'done' || imp?.status === 'failed';

  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: athleteListPrefix });
  }, [finished, queryClient]);

  if (isError && !imp) {
    return (
      <Alert color="red" title="Error" mt="md">
        Something went wrong while fetching data!
      </Alert>
    );
  }
  if (!imp) return <Skeleton height={80} mt="md" />;
  const percent = imp.totalRows === 0 ? 100 : Math.round((imp.processedRows / imp.totalRows) * 100);

  return (
    <Stack gap="md" mt="md">
      <div>
        <Text size="sm" id="import-progress-label" mb={4}>
          {running
            ? `Importing… ${imp.processedRows.toLocaleString('en-US')} of ${imp.totalRows.toLocaleString('en-US')} rows`
            : imp.status === 'failed'
              ? `The import stopped after ${imp.processedRows.toLocaleString('en-US')} of ${imp.totalRows.toLocaleString('en-US')} rows. What it imported is kept; upload the file again to import the rest.`
              : `Imported ${imp.totalRows.toLocaleString('en-US')} rows of ${imp.fileName}`}
        </Text>
        <Progress.Root size="lg">
          <Progress.Section value={percent} aria-labelledby="import-progress-label" animated={running} color={imp.status === 'failed' ? 'red' : undefined} />
        </Progress.Root>
      </div>
      {finished && (
        <section aria-labelledby="import-result" role="status">
          <Title order={3} size="h5" id="import-result">
            Result
          </Title>
          <List size="sm" mt={4}>
            {countsText({ create: imp.createdCount, existing: imp.existingCount, duplicates: imp.duplicateCount, invalid: imp.errorCount }, true).map(
              (line) => (
                <List.Item key={line}>{line}</List.Item>
              ),
            )}
          </List>
        </section>
      )}
      {finished && imp.errorCount > 0 && (
        <section aria-labelledby="import-skipped">
          <Title order={3} size="h5" id="import-skipped">
            Skipped invalid rows
          </Title>
          <RowErrors errors={imp.errors} total={imp.errorCount} />
          <Button variant="default" mt="sm" onClick={() => download.mutate(importId)} loading={download.isPending}>
            Download skipped rows (CSV)
          </Button>
        </section>
      )}
      {finished && (
        <Group justify="flex-end">
          <Button component={Link} to={athletesListPath} onClick={onClose}>
            Go to athletes
          </Button>
        </Group>
      )}
    </Stack>
  );
}
