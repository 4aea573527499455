import { Avatar, Badge, Button, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { demoTypeLabel, isDemoProfileBlocked, type Profile } from '@spotter/shared';
import { useUpdateDefaultProfile } from '../api/update-default-profile';

type ProfileCardProps = {
  profile: Profile;
  sessionUserId: string;
  isSelecting: boolean;
  onSelect: (profile: Profile) => void;
  onBlockedDemo: (profile: Profile) => void;
};

/** Spec 2.2: one profile of the user (or of a linked user). */
export function ProfileCard({ profile, sessionUserId, isSelecting, onSelect, onBlockedDemo }: ProfileCardProps) {
  const updateDefault = useUpdateDefaultProfile();
  const gymTitle = profile.gymTitle ?? 'Spotter';
  const canToggleDefault = profile.demoGym === null && profile.user === sessionUserId;
  const titleId = `profile-${profile.profileId}-name`;
  const choose = () => (isDemoProfileBlocked(profile) ? onBlockedDemo(profile) : onSelect(profile));

  return (
    <Card withBorder radius="md" padding="md" component="li" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={profile.gymLogo} alt={profile.gymLogo ? `${gymTitle} logo` : undefined} radius="md" size={48} color="spotterBlue">
            {gymTitle.charAt(0).toUpperCase()}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Badge variant="light" size="sm">
                {profile.role.toUpperCase()}
              </Badge>
              {profile.isLinked && (
                <Badge variant="light" size="sm">
                  FAMILY
                </Badge>
              )}
              {profile.demoGym && (
                <Badge variant="light" color="grape" size="sm">
                  {demoTypeLabel(profile.demoGym.type)}
                </Badge>
              )}
            </Group>
            <Text id={titleId} fw={700} truncate>
              {profile.fullName}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {gymTitle}
            </Text>
            {/* Issue 34 item 16: a dependant's profile, reached through a family link, is told apart from one's own. */}
            {profile.isLinked && (
              <Text size="sm" c="dimmed" id={`${titleId}-linked`}>
                Family member's profile: you act for them.
              </Text>
            )}
          </Stack>
        </Group>
        <Button onClick={choose} loading={isSelecting} aria-describedby={profile.isLinked ? `${titleId} ${titleId}-linked` : titleId} style={{ flexShrink: 0 }}>
          Select
        </Button>
      </Group>
      {canToggleDefault && (
        <Checkbox
          mt="sm"
          label="Default profile"
          checked={profile.isDefault}
          disabled={updateDefault.isPending}
          onChange={() => updateDefault.mutate(profile.profileId)}
          aria-describedby={titleId}
        />
      )}
    </Card>
  );
}
