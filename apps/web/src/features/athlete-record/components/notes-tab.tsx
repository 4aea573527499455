import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useEditor, useEditorState } from '@tiptap/react';
import { formatDate, toZoned, type AthleteNote, type AthleteRecord } from '@spotter/shared';
import { RichText } from '../../../components/rich-text';
import { shownMessage } from '../../../lib/api-client';
import { RichTextField, richTextExtensions } from '../../programming';
import { useAthleteNotes, useDeleteNote, useSaveNote } from '../api/athlete-record';
import { LOAD_ERROR } from './parts';
import { useGymCountry } from './use-gym-country';
import { fieldRefusal } from '../../../lib/form-refusal';

type Editing = { note: AthleteNote | null };

/** Notes: staff notes as rich text, pinned ones first (the kiosk shows those); create, pin, edit, delete. */
export function NotesTab({ athlete }: { athlete: AthleteRecord }) {
  const notes = useAthleteNotes(athlete.athleteId);
  const save = useSaveNote(athlete.athleteId);
  const remove = useDeleteNote(athlete.athleteId);
  const { country, timeZone } = useGymCountry();
  const [editing, setEditing] = useState<Editing | null>(null);
  if (notes.isError) return <Text c="red">{LOAD_ERROR}</Text>;
  if (!notes.data) return <Skeleton height={200} />;
  const editable = !athlete.isAnonymised;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Pinned notes show on the kiosk.
        </Text>
        {editable && <Button onClick={() => setEditing({ note: null })}>New note</Button>}
      </Group>
      {notes.data.results.length === 0 && (
        <Text size="sm" c="dimmed">
          No notes yet. Use New note to write one.
        </Text>
      )}
      {notes.data.results.map((n) => (
        <Card key={n.noteId} withBorder padding="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={600}>{n.title}</Text>
                {n.isPinned && <Badge size="sm">Pinned</Badge>}
              </Group>
              <Text size="xs" c="dimmed">
                {n.createdBy ? `${n.createdBy} · ` : ''}
                {formatDate(toZoned(new Date(n.updatedAt), timeZone ?? 'UTC').date, country)}
              </Text>
            </Stack>
            {editable && (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => save.mutate({ noteId: n.noteId, title: n.title, content: n.content, isPinned: !n.isPinned })}
                  aria-label={`${n.isPinned ? 'Unpin' : 'Pin'} ${n.title}`}
                >
                  {n.isPinned ? 'Unpin' : 'Pin'}
                </Button>
                <Button size="xs" variant="default" onClick={() => setEditing({ note: n })} aria-label={`Edit ${n.title}`}>
                  Edit
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate(n.noteId)} aria-label={`Delete ${n.title}`}>
                  Delete
                </Button>
              </Group>
            )}
          </Group>
          <RichText html={n.content} />
        </Card>
      ))}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.note ? 'Edit note' : 'New note'} size="lg">
        {editing && <NoteForm athleteId={athlete.athleteId} note={editing.note} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}

function NoteForm({ athleteId, note, onDone }: { athleteId: string; note: AthleteNote | null; onDone: () => void }) {
  const save = useSaveNote(athleteId);
  const [title, setTitle] = useState(note?.title ?? '');
  const [isPinned, setPinned] = useState(note?.isPinned ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const editor = useEditor({
    extensions: richTextExtensions,
    content: note?.content ?? '',
    editorProps: { attributes: { 'aria-label': 'Note', role: 'textbox', 'aria-multiline': 'true' } },
  });
  const isEmpty = useEditorState({ editor, selector: ({ editor: e }) => (e && !e.isDestroyed ? e.isEmpty : true) }) ?? true;
  const submit = () => {
    const next: Record<string, string> = {};
    if (!title.trim()) next.title = 'Give the note a title.';
    if (isEmpty) next.content = 'Write something in the note.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(
      { noteId: note?.noteId, title: title.trim(), content: editor?.getHTML() ?? '', isPinned },
      {
        onSuccess: onDone,
        onError: (error) => {
          const placed = fieldRefusal(error, ['title', 'content']);
          setErrors(Object.keys(placed).length > 0 ? placed : { content: shownMessage(error) });
        },
      },
    );
  };
  return (
    <Stack gap="sm">
      <TextInput label="Title" withAsterisk maxLength={200} value={title} error={errors.title} onChange={(e) => setTitle(e.currentTarget.value)} />
      <RichTextField editor={editor} />
      {errors.content && (
        <Text size="sm" c="red" role="alert">
          {errors.content}
        </Text>
      )}
      <Switch label="Pin (show on the kiosk)" checked={isPinned} onChange={(e) => setPinned(e.currentTarget.checked)} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button loading={save.isPending} onClick={submit}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
