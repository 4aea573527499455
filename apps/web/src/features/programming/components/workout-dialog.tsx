import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import TextAlign from '@tiptap/extension-text-align';
import { WORKOUT_TITLE_MAX, formatDate, formatTime, toZoned, type ProgrammingClassType, type Workout, type WorkoutsAnswer } from '@spotter/shared';
import { useDeleteWorkout, useSaveWorkout } from '../api/programming';
import { dayLabel } from '../lib/week';
import { fieldRefusal } from '../../../lib/form-refusal';

/** The cell being edited: a class type on a local date, with its workout if it has one. */
export type EditTarget = { classType: ProgrammingClassType; date: string; workout: Workout | null };

/** Links the editor keeps: the server keeps only these too. */
const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/**
 * Spec 9's rich-text editor: undo depth 100, group delay 500 ms, heading levels 1 to 6, alignments left (default),
 * center, right and justify. Only what the server's allow-list keeps can be made (no code, images or rules).
 */
export const workoutEditorExtensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4, 5, 6] },
    undoRedo: { depth: 100, newGroupDelay: 500 },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      isAllowedUri: (url, ctx) => Boolean(ctx.defaultValidate(url)) && SAFE_LINK.test(url),
    },
  }),
  // No default alignment: text is left-aligned unless told otherwise, and the HTML then carries no style for it.
  TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right', 'justify'], defaultAlignment: null }),
];

type Props = { target: EditTarget; answer: WorkoutsAnswer; onClose: () => void };

/** Writes, changes or deletes one class type's workout of one day. */
export function WorkoutDialog({ target, answer, onClose }: Props) {
  const { classType, date, workout } = target;
  const isNarrow = useMediaQuery('(max-width: 47.99em)');
  const [title, setTitle] = useState(workout?.title ?? '');
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [titleError, setTitleError] = useState<string | undefined>();
  const save = useSaveWorkout();
  const remove = useDeleteWorkout();
  const editor = useEditor({
    extensions: workoutEditorExtensions,
    content: workout?.content ?? '',
    editorProps: { attributes: { 'aria-label': 'Workout', role: 'textbox', 'aria-multiline': 'true' } },
  });
  // Read from the document, not its HTML: the selector also runs while the editor is being made or taken down.
  const isEmpty = useEditorState({ editor, selector: ({ editor: e }) => (e && !e.isDestroyed ? e.isEmpty : true) }) ?? true;
  const busy = save.isPending || remove.isPending;
  const typeOf = new Map(answer.classTypes.map((t) => [t.classTypeId, t.name]));
  const others = answer.results.filter((w) => !(w.classTypeId === classType.classTypeId && w.date === date));

  const onSave = () => {
    if (!editor) return;
    save.mutate(
      { classTypeId: classType.classTypeId, date, title: title.trim(), content: editor.getHTML() },
      {
        onSuccess: onClose,
        // A refusal of the title is shown on it, once; any other is the notification's.
        onError: (e) => setTitleError(fieldRefusal(e, ['title']).title),
      },
    );
  };
  const onCopy = (workoutId: string | null) => {
    const from = others.find((w) => w.workoutId === workoutId);
    if (!from || !editor) return;
    setTitle(from.title);
    editor.chain().focus().setContent(from.content).run();
  };

  return (
    <Modal
      opened
      onClose={busy ? () => {} : onClose}
      title={`${classType.name} · ${dayLabel(date, answer.country)}`}
      size="xl"
      fullScreen={isNarrow}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <TextInput
          label="Title"
          placeholder="e.g. Fran"
          maxLength={WORKOUT_TITLE_MAX}
          value={title}
          error={titleError}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            setTitleError(undefined);
          }}
        />
        {others.length > 0 && (
          <Select
            label="Copy from another day"
            placeholder="Choose a workout of this week"
            data={others.map((w) => ({
              value: w.workoutId,
              label: `${typeOf.get(w.classTypeId) ?? 'Class'} · ${dayLabel(w.date, answer.country)}${w.title ? ` · ${w.title}` : ''}`,
            }))}
            value={null}
            onChange={onCopy}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} component="span">
            Workout
          </Text>
          <WorkoutEditor editor={editor} />
          {workout?.updatedAt && <LastSaved workout={workout} answer={answer} />}
        </Stack>
        {confirmingDelete ? (
          <Stack gap="xs">
            <Text fw={500}>Delete this workout? Athletes will no longer see it on their class page.</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirmingDelete(false)} disabled={remove.isPending}>
                Keep it
              </Button>
              <Button
                color="red.9"
                loading={remove.isPending}
                onClick={() => remove.mutate({ classTypeId: classType.classTypeId, date }, { onSuccess: onClose })}
              >
                Delete workout
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group justify="space-between">
            {workout ? (
              <Button variant="outline" color="red.9" onClick={() => setConfirmingDelete(true)} disabled={busy}>
                Delete
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              {/* Saving emptied content deletes the workout (spec 5); with none yet there is nothing to save. */}
              <Button onClick={onSave} loading={save.isPending} disabled={!editor || (isEmpty && !workout) || remove.isPending}>
                Save
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

function LastSaved({ workout, answer }: { workout: Workout; answer: WorkoutsAnswer }) {
  const at = toZoned(new Date(workout.updatedAt), answer.timeZone);
  return (
    <Text size="xs" c="dark.3">
      Last saved {formatDate(at.date, answer.country)} {formatTime(at.time, answer.country)}
      {workout.updatedBy ? ` by ${workout.updatedBy}` : ''}
    </Text>
  );
}

/** Spec 9's rich-text editor with its toolbar (workouts, document templates). */
export function WorkoutEditor({ editor, minHeight = 220 }: { editor: Editor | null; minHeight?: number }) {
  return (
    <RichTextEditor editor={editor}>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H1 />
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.H4 />
          <RichTextEditor.H5 />
          <RichTextEditor.H6 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Blockquote />
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.AlignLeft />
          <RichTextEditor.AlignCenter />
          <RichTextEditor.AlignRight />
          <RichTextEditor.AlignJustify />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={minHeight} />
    </RichTextEditor>
  );
}
