import { useId, useState, type DragEvent } from 'react';
import { Box, Group, Loader, Stack, Text } from '@mantine/core';
import { ATHLETE_IMPORT_MAX_BYTES, ATHLETE_IMPORT_TOO_LARGE_MESSAGE, type AthleteImportUploaded } from '@spotter/shared';
import { useUploadAthleteImport } from '../api/upload-athlete-import';
import classes from './upload-step.module.css';

/**
 * Step 1: the file, chosen with the file input (a label the keyboard reaches, Enter or Space opens the picker) or
 * dropped on it.
 */
export function UploadStep({ onUploaded }: { onUploaded: (uploaded: AthleteImportUploaded) => void }) {
  const inputId = useId();
  const hintId = useId();
  const upload = useUploadAthleteImport();
  const [localError, setLocalError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const send = (file: File | undefined) => {
    if (!file) return;
    if (file.size > ATHLETE_IMPORT_MAX_BYTES) {
      setLocalError(ATHLETE_IMPORT_TOO_LARGE_MESSAGE);
      return;
    }
    setLocalError(null);
    upload.mutate(file, { onSuccess: onUploaded });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  };

  return (
    <Stack gap="sm" mt="md">
      <Box
        component="label"
        htmlFor={inputId}
        className={classes.zone}
        data-dragging={dragging || undefined}
        onDragOver={(e: DragEvent) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {upload.isPending ? (
          <Group>
            <Loader size="sm" aria-hidden />
            <Text>Reading the file…</Text>
          </Group>
        ) : (
          <>
            <Text fw={600}>Choose a CSV file, or drop it here</Text>
            <Text size="sm" c="dimmed" id={hintId}>
              A member export from Mindbody, PushPress, Wodify or any spreadsheet saved as CSV. At most 10 MB and 20,000 rows.
            </Text>
          </>
        )}
        <input
          id={inputId}
          className={classes.input}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby={hintId}
          disabled={upload.isPending}
          onChange={(e) => {
            send(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
      </Box>
      {(localError ?? upload.error) && (
        <Text c="red.8" size="sm" role="alert">
          {localError ?? upload.error?.message}
        </Text>
      )}
    </Stack>
  );
}
