import { useState } from 'react';
import { Alert, Button, Drawer, Group, Skeleton, Stack, Switch, Tabs, Text } from '@mantine/core';
import type { StaffMember } from '@spotter/shared';
import { StaffProfileForm, fieldErrorsOf } from '../../account';
import { ConfirmDialog, type Confirmation } from '../../event-setup';
import { useStaffMember } from '../api/get-staff-member';
import { useSetStaffActive, useUpdateStaffRole, type ActivationAction } from '../api/staff-access';
import { useUpdateStaff } from '../api/update-staff';
import { PermissionsEditor } from './permissions-editor';
import { StaffBadges } from './staff-badges';

/** Decision 029: what only an owner may do, said where a staff member would look for it. */
export const OWNER_ONLY_NOTE = 'Only an owner can change permissions, the coach and owner flags, or deactivate a staff member.';

function ProfileTab({ member, isOwner, onClose }: { member: StaffMember; isOwner: boolean; onClose: () => void }) {
  const update = useUpdateStaff();
  return (
    <StaffProfileForm
      key={member.staffId}
      staff={member}
      canEditCoach={isOwner}
      coachNote={
        isOwner ? undefined : (
          <Text size="xs" c="dimmed">
            {`Coach: ${member.isCoach ? 'yes' : 'no'}. Only an owner can change the coach flag.`}
          </Text>
        )
      }
      email={
        member.hasLogin
          ? { isEditable: false, description: 'They have activated their login: they change their email with Edit Login.' }
          : { isEditable: true, description: 'The invitation is not accepted yet: a corrected email gets a new activation link.' }
      }
      label={`Edit ${member.fullName}`}
      isSaving={update.isPending}
      onCancel={onClose}
      onSave={(input, onFieldErrors) => update.mutate({ staffId: member.staffId, input }, { onError: (error) => onFieldErrors(fieldErrorsOf(error)) })}
    />
  );
}

function AccessTab({ member, isOwner, isSelf }: { member: StaffMember; isOwner: boolean; isSelf: boolean }) {
  const role = useUpdateStaffRole();
  const active = useSetStaffActive();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const askActive = (action: ActivationAction) =>
    setConfirmation({
      title: action === 'deactivate' ? `Deactivate ${member.fullName}?` : `Reactivate ${member.fullName}?`,
      message:
        action === 'deactivate'
          ? `${isSelf ? 'You will be logged out at once and' : `${member.fullName} is logged out at once and`} can no longer open this gym's staff profile. Their history stays, and an owner can reactivate them later.`
          : `${member.fullName} can log in to this gym's staff profile again, with the permissions they had.`,
      confirmLabel: action === 'deactivate' ? 'Deactivate' : 'Reactivate',
      isDanger: action === 'deactivate',
      run: () => active.mutate({ staffId: member.staffId, action }, { onSettled: () => setConfirmation(null) }),
    });
  const askOwner = (isOwnerNow: boolean) =>
    setConfirmation({
      title: isOwnerNow ? `Make ${member.fullName} an owner?` : `Remove ${member.fullName} as an owner?`,
      message: isOwnerNow
        ? 'Owners can do everything: change anyone’s permissions, make other owners and deactivate staff.'
        : 'They keep their staff profile with the permissions ticked for them. The gym always keeps at least one active owner.',
      confirmLabel: isOwnerNow ? 'Make owner' : 'Remove owner',
      isDanger: !isOwnerNow,
      run: () => role.mutate({ staffId: member.staffId, isOwner: isOwnerNow }, { onSettled: () => setConfirmation(null) }),
    });

  return (
    <Stack gap="lg">
      {!isOwner && <Alert color="gray">{OWNER_ONLY_NOTE}</Alert>}
      <Stack gap={4}>
        <Switch
          label="Owner"
          description="Owners hold every permission and manage the staff. The gym keeps at least one active owner."
          checked={member.isOwner}
          disabled={!isOwner || !member.isActive || role.isPending}
          onChange={(event) => askOwner(event.currentTarget.checked)}
        />
      </Stack>
      <Stack gap="xs" align="flex-start">
        <Text fw={600} size="sm">
          {member.isActive ? 'Deactivate' : 'Reactivate'}
        </Text>
        <Text size="sm" c="dimmed">
          {member.isActive
            ? 'Deactivating logs them out everywhere at once and keeps them from opening this gym’s staff profile.'
            : 'They are deactivated: they cannot open this gym’s staff profile.'}
        </Text>
        {isOwner && (
          <Button
            color={member.isActive ? 'red.8' : undefined}
            variant={member.isActive ? 'outline' : 'filled'}
            onClick={() => askActive(member.isActive ? 'deactivate' : 'reactivate')}
          >
            {member.isActive ? 'Deactivate…' : 'Reactivate…'}
          </Button>
        )}
      </Stack>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} isPending={role.isPending || active.isPending} />
    </Stack>
  );
}

type StaffEditorProps = { staffId: string | null; onClose: () => void; viewer: { isOwner: boolean; staffId: string | null } };

/** A staff member's profile, permissions and access, in a drawer over the list. */
export function StaffEditor({ staffId, onClose, viewer }: StaffEditorProps) {
  const query = useStaffMember(staffId);
  const member = query.data;
  return (
    <Drawer
      opened={staffId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={member?.fullName ?? 'Staff member'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {query.isError ? (
        <Alert color="red" title="Error" role="alert">
          Something went wrong while fetching data!
        </Alert>
      ) : !member ? (
        <Stack aria-busy="true">
          <Skeleton height={24} width="60%" />
          <Skeleton height={240} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {member.email}
            </Text>
            <StaffBadges member={member} />
          </Group>
          <Tabs defaultValue="profile" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="profile">Profile</Tabs.Tab>
              <Tabs.Tab value="permissions">Permissions</Tabs.Tab>
              <Tabs.Tab value="access">Owner and access</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="profile" pt="md">
              <ProfileTab member={member} isOwner={viewer.isOwner} onClose={onClose} />
            </Tabs.Panel>
            <Tabs.Panel value="permissions" pt="md">
              <PermissionsEditor key={member.permissions.join()} member={member} canEdit={viewer.isOwner} />
            </Tabs.Panel>
            <Tabs.Panel value="access" pt="md">
              <AccessTab member={member} isOwner={viewer.isOwner} isSelf={viewer.staffId === member.staffId} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Drawer>
  );
}
