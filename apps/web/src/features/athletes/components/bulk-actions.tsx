import { useState } from 'react';
import { Button, Group, Modal, Paper, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { tagMessages, type TagWithCount } from '@spotter/shared';
import { useBulkEmail, useBulkTag } from '../api/athletes';
import { useCreateTag } from '../api/tags';

type Selection = { athleteIds: string[]; onDone: () => void };
export type TagAction = 'add' | 'remove';

/** The bar over a selection: add or remove a tag, email them, or let go of the selection. */
export function BulkBar({ count, onTag, onEmail, onClear }: { count: number; onTag: (action: TagAction) => void; onEmail: () => void; onClear: () => void }) {
  return (
    <Paper withBorder radius="md" p="sm" mb="sm" bg="var(--mantine-color-blue-0)" role="region" aria-label="Selected athletes">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={600} size="sm" aria-live="polite">{`${count} selected`}</Text>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="default" onClick={() => onTag('add')}>
            Add tag
          </Button>
          <Button size="xs" variant="default" onClick={() => onTag('remove')}>
            Remove tag
          </Button>
          <Button size="xs" variant="default" onClick={onEmail}>
            Email
          </Button>
          <Button size="xs" variant="subtle" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** Add a tag (an existing one, or a new one made here) to the selection, or remove one from it. */
export function TagDialog({ action, tags, selection, onClose }: { action: TagAction | null; tags: TagWithCount[]; selection: Selection; onClose: () => void }) {
  const [tagId, setTagId] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const bulk = useBulkTag();
  const create = useCreateTag();
  const n = selection.athleteIds.length;
  const close = () => {
    setTagId(null);
    setNewName('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    setError(null);
    let tag = tags.find((t) => t.tagId === tagId) ?? null;
    if (action === 'add' && newName.trim()) {
      try {
        const made = await create.mutateAsync({ name: newName.trim() });
        tag = { ...made, athleteCount: 0 };
      } catch (err) {
        const fields = (err as { fields?: Record<string, string[]> }).fields;
        setError(fields?.name?.[0] ?? tagMessages.nameTaken);
        return;
      }
    }
    if (!tag) {
      setError('Choose a tag.');
      return;
    }
    bulk.mutate(
      { athleteIds: selection.athleteIds, tagId: tag.tagId, action: action ?? 'add', tagName: tag.name },
      {
        onSuccess: () => {
          selection.onDone();
          close();
        },
      },
    );
  };
  const title = action === 'remove' ? `Remove a tag from ${n} ${n === 1 ? 'athlete' : 'athletes'}` : `Add a tag to ${n} ${n === 1 ? 'athlete' : 'athletes'}`;
  return (
    <Modal opened={action !== null} onClose={close} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Select
            label="Tag"
            placeholder={tags.length ? 'Choose a tag' : 'No tags yet'}
            data={tags.map((t) => ({ value: t.tagId, label: t.name }))}
            value={tagId}
            onChange={(v) => {
              setTagId(v);
              if (v) setNewName('');
            }}
            searchable
            data-autofocus
            error={!newName && error ? error : undefined}
          />
          {action === 'add' && (
            <TextInput
              label="Or a new tag"
              placeholder="e.g. Competition team"
              value={newName}
              maxLength={50}
              onChange={(e) => {
                setNewName(e.currentTarget.value);
                if (e.currentTarget.value) setTagId(null);
              }}
              error={newName && error ? error : undefined}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={bulk.isPending || create.isPending}>
              {action === 'remove' ? 'Remove tag' : 'Add tag'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A new key for each email written: sending it again (a retry) mails nobody twice. */
const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** Email the selection: a subject and a plain-text message, one mail to each athlete with an email. */
export function EmailDialog({ opened, selection, onClose }: { opened: boolean; selection: Selection; onClose: () => void }) {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [key, setKey] = useState(newKey);
  const [errors, setErrors] = useState<{ subject?: string; message?: string }>({});
  const send = useBulkEmail();
  const n = selection.athleteIds.length;
  const close = () => {
    setSubject('');
    setMessage('');
    setErrors({});
    setKey(newKey());
    onClose();
  };
  const submit = () => {
    const found = { subject: subject.trim() ? undefined : tagMessages.subjectRequired, message: message.trim() ? undefined : tagMessages.messageRequired };
    setErrors(found);
    if (found.subject || found.message) return;
    send.mutate(
      { athleteIds: selection.athleteIds, subject, message, key },
      {
        onSuccess: () => {
          selection.onDone();
          close();
        },
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Email ${n} ${n === 1 ? 'athlete' : 'athletes'}`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Subject"
            value={subject}
            maxLength={150}
            onChange={(e) => setSubject(e.currentTarget.value)}
            error={errors.subject}
            data-autofocus
            withAsterisk
          />
          <Textarea
            label="Message"
            value={message}
            maxLength={10_000}
            autosize
            minRows={6}
            maxRows={14}
            onChange={(e) => setMessage(e.currentTarget.value)}
            error={errors.message}
            withAsterisk
          />
          <Text size="xs" c="dimmed">
            Sent as plain text from your gym, one email to each athlete; athletes without an email are skipped.
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send email
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
