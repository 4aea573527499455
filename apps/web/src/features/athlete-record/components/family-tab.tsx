import { useState } from 'react';
import { Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import type { AthleteRecord, FamilyMember } from '@spotter/shared';
import { useAthleteFamily, useAthleteSearch, useLinkDependant, useUnlinkDependant } from '../api/athlete-record';
import { athletePath } from './add-athlete-button';
import { LOAD_ERROR } from './parts';

function Member({ m, action }: { m: FamilyMember; action?: React.ReactNode }) {
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          {m.athleteId ? <Link to={athletePath(m.athleteId)}>{m.fullName}</Link> : <Text size="sm">{m.fullName}</Text>}
          {m.email && (
            <Text size="xs" c="dimmed">
              {m.email}
            </Text>
          )}
        </Stack>
        {action}
      </Group>
    </Card>
  );
}

/** Family: who may sign in as this athlete, and their dependants; link a dependant found by name or email. */
export function FamilyTab({ athlete }: { athlete: AthleteRecord }) {
  const family = useAthleteFamily(athlete.athleteId);
  const unlink = useUnlinkDependant(athlete.athleteId);
  if (family.isError) return <Text c="red">{LOAD_ERROR}</Text>;
  if (!family.data) return <Skeleton height={200} />;
  const { parents, dependants } = family.data;
  return (
    <Stack gap="sm">
      <Title order={2} size="h5">
        Parents and guardians
      </Title>
      {parents.length === 0 ? (
        <Text size="sm" c="dimmed">
          No one else signs in as {athlete.fullName}. Link them from a parent&apos;s Family tab.
        </Text>
      ) : (
        parents.map((p) => <Member key={`${p.athleteId}-${p.email}`} m={p} />)
      )}
      <Title order={2} size="h5" mt="sm">
        Dependants
      </Title>
      {dependants.length === 0 ? (
        <Text size="sm" c="dimmed">
          No dependants. Find an athlete below to link one.
        </Text>
      ) : (
        dependants.map((d) => (
          <Member
            key={d.athleteId}
            m={d}
            action={
              <Button size="xs" variant="default" onClick={() => unlink.mutate(d.athleteId!)} aria-label={`Unlink ${d.fullName}`}>
                Unlink
              </Button>
            }
          />
        ))
      )}
      {!athlete.isAnonymised && <LinkDependant athlete={athlete} linked={new Set(dependants.map((d) => d.athleteId))} />}
    </Stack>
  );
}

function LinkDependant({ athlete, linked }: { athlete: AthleteRecord; linked: Set<string | null> }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useAthleteSearch(debounced);
  const link = useLinkDependant(athlete.athleteId);
  const options = (found.data?.results ?? []).filter((a) => a.athleteId !== athlete.athleteId && !linked.has(a.athleteId));
  return (
    <Card withBorder padding="sm" mt="sm">
      <Stack gap="xs">
        <TextInput
          label="Link a dependant"
          description="Search the gym's athletes by name or email."
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {!athlete.email && (
          <Text size="xs" c="dimmed">
            {athlete.fullName} needs an email to sign in as a parent.
          </Text>
        )}
        {debounced.trim() && found.data && options.length === 0 && (
          <Text size="sm" c="dimmed">
            No athlete matches.
          </Text>
        )}
        {options.map((a) => (
          <Group key={a.athleteId} justify="space-between" wrap="nowrap">
            <Text size="sm">
              {a.fullName}
              {a.email ? ` · ${a.email}` : ''}
            </Text>
            <Button
              size="xs"
              loading={link.isPending && link.variables === a.athleteId}
              onClick={() => link.mutate(a.athleteId, { onSuccess: () => setSearch('') })}
              aria-label={`Link ${a.fullName}`}
            >
              Link
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
