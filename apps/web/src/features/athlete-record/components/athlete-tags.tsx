import { useState } from 'react';
import { Autocomplete, Badge, Button, CloseButton, Group, Text } from '@mantine/core';
import type { AthleteRecord } from '@spotter/shared';
import { useCreateTag, useTags } from '../../athletes';
import { useAthleteTag } from '../api/athlete-record';

/**
 * The athlete's tags on their record (issue 17): each with a button to take it off, and a field to put one on: pick
 * one of the gym's other tags, or type a name no tag has yet and press Add to create it. An anonymised record has none
 * and takes none.
 */
export function AthleteTags({ athlete }: { athlete: AthleteRecord }) {
  const tags = useTags();
  const change = useAthleteTag(athlete.athleteId);
  const createTag = useCreateTag();
  const [typed, setTyped] = useState('');
  const editable = !athlete.isAnonymised;
  const all = tags.data?.results ?? [];
  const carried = new Set(athlete.tags.map((t) => t.tagId));
  const others = all.filter((t) => !carried.has(t.tagId));
  const busy = change.isPending || createTag.isPending;

  /** Puts on the gym's tag of that name (any case), creating it first when the gym has none of that name. */
  const add = async (name: string) => {
    const wanted = name.trim();
    if (!wanted) return;
    try {
      let tag = all.find((t) => t.name.toLowerCase() === wanted.toLowerCase()) ?? null;
      if (!tag) tag = { ...(await createTag.mutateAsync({ name: wanted })), athleteCount: 0 };
      setTyped('');
      if (!carried.has(tag.tagId)) change.mutate({ tagId: tag.tagId, action: 'add', tagName: tag.name });
    } catch {
      // The failed creation was notified (useCreateTag).
    }
  };

  return (
    <Group gap={6} align="center" aria-label="Tags" role="group">
      {athlete.tags.length === 0 && !editable && (
        <Text size="sm" c="dimmed">
          No tags
        </Text>
      )}
      {athlete.tags.map((t) => (
        <Badge
          key={t.tagId}
          variant="outline"
          color="gray"
          c="#343a40"
          radius="sm"
          tt="none"
          rightSection={
            editable && (
              <CloseButton
                size="xs"
                aria-label={`Remove tag ${t.name}`}
                disabled={busy}
                onClick={() => change.mutate({ tagId: t.tagId, action: 'remove', tagName: t.name })}
              />
            )
          }
        >
          {t.name}
        </Badge>
      ))}
      {editable && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void add(typed);
          }}
        >
          <Group gap={4} wrap="nowrap">
            <Autocomplete
              aria-label="Add a tag"
              placeholder={athlete.tags.length ? 'Add a tag' : 'Add a tag (none yet)'}
              size="xs"
              w={170}
              maxLength={50}
              value={typed}
              onChange={setTyped}
              data={others.map((t) => t.name)}
              onOptionSubmit={(name) => void add(name)}
              disabled={busy}
            />
            <Button type="submit" size="xs" variant="default" disabled={busy || !typed.trim()}>
              Add
            </Button>
          </Group>
        </form>
      )}
    </Group>
  );
}
