import { useState } from 'react';
import { Button, Card, Divider, Group, Modal, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { GymLocation, GymRoom } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { useExportCsv } from '../api/export-csv';
import { useCreateLocation, useCreateRoom, useLocationAction, useLocations, useRenameLocation, useRenameRoom, useRoomAction } from '../api/locations';
import type { RecordAction } from '../api/class-types';
import { NameForm } from './name-form';
import { ConfirmDialog, RowActions, SetupEmpty, SetupToolbar, StatusBadge, rowActionsFor, type Confirmation, type RowAction } from './setup-parts';
import { LoadError } from './setup-table';
import { useSetupList } from './use-setup-list';

/** Asks before an archive, restore or delete of a location or a room, then runs it. */
type Ask = (kind: 'location' | 'room', id: string, name: string, action: RecordAction) => void;

const confirmTexts = (kind: 'location' | 'room', name: string, action: RecordAction) =>
  ({
    archive: {
      title: `Archive ${kind}?`,
      message:
        kind === 'location'
          ? `${name} will no longer be offered in any picker. Its rooms and history are kept, and you can restore it later.`
          : `${name} will no longer be offered for new classes. Its history is kept.`,
      confirmLabel: 'Archive',
    },
    restore: { title: `Restore ${kind}?`, message: `${name} will be offered again.`, confirmLabel: 'Restore' },
    delete: {
      title: `Delete ${kind}?`,
      message:
        kind === 'location'
          ? `${name} and its rooms will be deleted for good. Nothing uses them yet.`
          : `${name} will be deleted for good. Nothing uses it yet.`,
      confirmLabel: 'Delete',
      isDanger: true,
    },
  })[action];

function RoomRow({ room, location, ask }: { room: GymRoom; location: GymLocation; ask: Ask }) {
  const [isRenaming, setRenaming] = useState(false);
  const rename = useRenameRoom();
  if (isRenaming) {
    return (
      <NameForm
        label={`New name for ${room.name}`}
        savedName={room.name}
        submitLabel="Save"
        isPending={rename.isPending}
        autoFocus
        onSave={(name, callbacks) => rename.mutate({ roomId: room.roomId, name }, callbacks)}
        onCancel={() => setRenaming(false)}
      />
    );
  }
  const onAction = (action: RowAction) => {
    if (action === 'edit') return setRenaming(true);
    ask('room', room.roomId, room.name, action);
  };
  // A room of an archived location is restored with its location first.
  const actions = rowActionsFor(room).filter((a) => !(a === 'restore' && location.isArchived));
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" component="li">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Text size="sm" c={room.isArchived ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
          {room.name}
        </Text>
        {room.isArchived && <StatusBadge isArchived />}
      </Group>
      <RowActions name={room.name} actions={actions} onAction={onAction} />
    </Group>
  );
}

function LocationCard({ location, ask }: { location: GymLocation; ask: Ask }) {
  const [isRenaming, setRenaming] = useState(false);
  const rename = useRenameLocation();
  const addRoom = useCreateRoom();
  const onAction = (action: RowAction) => {
    if (action === 'edit') return setRenaming(true);
    ask('location', location.locationId, location.name, action);
  };
  const headingId = `location-${location.locationId}`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      {isRenaming ? (
        <NameForm
          label={`New name for ${location.name}`}
          savedName={location.name}
          submitLabel="Save"
          isPending={rename.isPending}
          autoFocus
          onSave={(name, callbacks) => rename.mutate({ locationId: location.locationId, name }, callbacks)}
          onCancel={() => setRenaming(false)}
        />
      ) : (
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {location.name}
            </Title>
            {location.isArchived && <StatusBadge isArchived />}
          </Group>
          <RowActions name={location.name} actions={rowActionsFor(location)} onAction={onAction} />
        </Group>
      )}
      <Divider my="sm" />
      <Text size="sm" fw={600} mb={6}>
        Rooms
      </Text>
      {location.rooms.length === 0 ? (
        <Text size="sm" c="dimmed" mb="sm">
          No rooms yet. Add rooms to schedule classes in a part of this location.
        </Text>
      ) : (
        <Stack component="ul" gap={6} p={0} m={0} mb="sm" style={{ listStyle: 'none' }} aria-label={`Rooms of ${location.name}`}>
          {location.rooms.map((room) => (
            <RoomRow key={room.roomId} room={room} location={location} ask={ask} />
          ))}
        </Stack>
      )}
      {location.isArchived ? (
        <Text size="xs" c="dimmed">
          Restore this location to add rooms to it.
        </Text>
      ) : (
        <NameForm
          key={location.rooms.length}
          label={`New room in ${location.name}`}
          submitLabel="Add room"
          isPending={addRoom.isPending}
          onSave={(name, callbacks) => addRoom.mutate({ locationId: location.locationId, name }, callbacks)}
        />
      )}
    </Card>
  );
}

/** Issue 16, spec 2.7 `/events/location`: the gym's locations, each with its rooms, added and changed in place. */
export function LocationsPage() {
  const list = useSetupList();
  const locations = useLocations(list.status, list.params.search);
  const exportCsv = useExportCsv('locationsCsv', 'locations.csv');
  const create = useCreateLocation();
  const act = useLocationAction();
  const roomAct = useRoomAction();
  const [isCreating, setCreating] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const ask: Ask = (kind, id, name, action) => {
    const done = { onSettled: () => setConfirmation(null) };
    const run = () => (kind === 'location' ? act.mutate({ locationId: id, name, action }, done) : roomAct.mutate({ roomId: id, name, action }, done));
    setConfirmation({ ...confirmTexts(kind, name, action), run });
  };

  const results = locations.data?.results ?? [];
  const body = locations.isError ? (
    <LoadError />
  ) : locations.isPending ? (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-busy="true">
      {[0, 1].map((i) => (
        <Skeleton key={i} height={220} radius="md" data-testid="skeleton-card" />
      ))}
    </SimpleGrid>
  ) : results.length === 0 ? (
    list.params.search !== '' ? (
      <SetupEmpty>No results found</SetupEmpty>
    ) : list.status === 'archived' ? (
      <SetupEmpty>No archived locations.</SetupEmpty>
    ) : (
      <SetupEmpty action={<Button onClick={() => setCreating(true)}>New location</Button>}>
        No locations yet. Add the places your classes happen, then their rooms.
      </SetupEmpty>
    )
  ) : (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {results.map((location) => (
        <LocationCard key={location.locationId} location={location} ask={ask} />
      ))}
    </SimpleGrid>
  );

  return (
    <>
      <PageHeader title="Locations" actions={<Button onClick={() => setCreating(true)}>New location</Button>} />
      <Text c="dimmed" size="sm" mb="md" mt={-8}>
        Where your classes and appointments happen, and the rooms in each place.
      </Text>
      <SetupToolbar
        status={list.status}
        onStatus={list.setStatus}
        search={list.search}
        onSearch={list.setSearch}
        searchLabel="Search locations"
        onExport={() => exportCsv.mutate({ status: list.status, search: list.params.search })}
        isExporting={exportCsv.isPending}
      />
      {body}
      <Modal opened={isCreating} onClose={() => setCreating(false)} title="New location" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <NameForm
          label="Location name"
          submitLabel="Create"
          isPending={create.isPending}
          autoFocus
          onSave={(name, callbacks) => create.mutate(name, { ...callbacks, onSuccess: () => setCreating(false) })}
        />
      </Modal>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} isPending={act.isPending || roomAct.isPending} />
    </>
  );
}
