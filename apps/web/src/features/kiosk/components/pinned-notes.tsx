import { Paper, Spoiler, Stack, Text } from '@mantine/core';
import type { Note } from '@spotter/shared';
import { RichText } from '../../../components/rich-text';

/** Spec 2.12: staff see an athlete's pinned notes (title and rich-text content). */
export function PinnedNotes({ notes }: { notes: Note[] }) {
  if (notes.length === 0) return null;
  return (
    <Paper bg="yellow.0" p="xs" radius="sm" mt="xs" withBorder>
      <Text size="xs" fw={700} tt="uppercase" mb={4}>
        Pinned Notes
      </Text>
      <Spoiler maxHeight={72} showLabel="Show more" hideLabel="Show less">
        <Stack gap={6}>
          {notes.map((note) => (
            <div key={note.noteId}>
              <Text size="sm" fw={600}>
                {note.title}
              </Text>
              <RichText html={note.content} />
            </div>
          ))}
        </Stack>
      </Spoiler>
    </Paper>
  );
}
