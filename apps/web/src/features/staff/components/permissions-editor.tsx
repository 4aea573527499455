import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { permissions as allPermissions, type Permission, type StaffMember } from '@spotter/shared';
import { useUpdateStaffPermissions } from '../api/update-staff-permissions';
import { permissionGroups } from '../lib/permission-groups';

type PermissionsEditorProps = { member: StaffMember; canEdit: boolean };

/** Spec 6's permissions, grouped and explained; only an owner changes them (decision 029). */
export function PermissionsEditor({ member, canEdit }: PermissionsEditorProps) {
  const [held, setHeld] = useState<Permission[]>(member.permissions);
  const save = useUpdateStaffPermissions();
  const isChanged = [...held].sort().join() !== [...member.permissions].sort().join();
  const toggle = (permission: Permission, on: boolean) => setHeld((current) => (on ? [...current, permission] : current.filter((p) => p !== permission)));

  if (member.isOwner) {
    return (
      <Alert color="blue" title="Owners can do everything">
        {member.fullName} is an owner: every part of Spotter is open to them, whatever is ticked here.
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      {!canEdit && (
        <Alert color="gray" title="Read only">
          Only an owner can change permissions: a staff member who could grant permissions could grant themself all of them.
        </Alert>
      )}
      {permissionGroups.map((group) => (
        <Paper key={group.label} withBorder radius="md" p="sm" component="fieldset" style={{ margin: 0 }}>
          <Title order={3} size="h6" component="legend" px={4}>
            {group.label}
          </Title>
          <Stack gap="xs">
            {group.permissions.map((p) => (
              <Checkbox
                key={p.permission}
                label={p.label}
                description={p.explanation}
                checked={held.includes(p.permission)}
                disabled={!canEdit}
                onChange={(event) => toggle(p.permission, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        </Paper>
      ))}
      {canEdit && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">{`${held.length} of ${allPermissions.length} permissions`}</Text>
          <Group gap="xs">
            <Button variant="default" disabled={!isChanged || save.isPending} onClick={() => setHeld(member.permissions)}>
              Reset
            </Button>
            <Button disabled={!isChanged} loading={save.isPending} onClick={() => save.mutate({ staffId: member.staffId, permissions: held })}>
              Save permissions
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}
