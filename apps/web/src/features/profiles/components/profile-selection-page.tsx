import { useState } from 'react';
import { Alert, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isSessionDemoEnded, type Profile } from '@spotter/shared';
import { useCurrentSession, useLogout, useSelectProfile } from '../../auth';
import { useProfiles } from '../api/get-profiles';
import { DemoExpiredModal } from './demo-expired-modal';
import { EditLoginModal } from './edit-login-modal';
import { ProfileCard } from './profile-card';

type ProfileListProps = { userId: string; endedDemoProfileId: string | null };

function ProfileList({ userId, endedDemoProfileId }: ProfileListProps) {
  const profiles = useProfiles(userId);
  const select = useSelectProfile();
  const [blockedDemo, setBlockedDemo] = useState<Profile | null>(null);
  // A session whose demo ended lands here: its profile's Demo Period Expired dialog opens once, by itself.
  const [shownEndedDemo, setShownEndedDemo] = useState<string | null>(null);
  if (endedDemoProfileId && shownEndedDemo !== endedDemoProfileId && profiles.data) {
    setShownEndedDemo(endedDemoProfileId);
    setBlockedDemo(profiles.data.find((profile) => profile.profileId === endedDemoProfileId) ?? null);
  }

  if (profiles.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading profiles" />
      </Center>
    );
  }
  if (profiles.isError) {
    return (
      <Alert color="red" title="Error" role="alert">
        Something went wrong while fetching data!
      </Alert>
    );
  }
  if (profiles.data.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Text ta="center">You no longer have an active profile with Spotter.</Text>
      </Paper>
    );
  }
  return (
    <>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Profiles">
        {profiles.data.map((profile) => (
          <ProfileCard
            key={profile.profileId}
            profile={profile}
            sessionUserId={userId}
            isSelecting={select.isPending && select.variables === profile.profileId}
            onSelect={(chosen) => select.mutate(chosen.profileId)}
            onBlockedDemo={setBlockedDemo}
          />
        ))}
      </Stack>
      <DemoExpiredModal profile={blockedDemo} onClose={() => setBlockedDemo(null)} />
    </>
  );
}

/** Spec 2.2: shown at / while no profile is chosen. */
export function ProfileSelectionPage() {
  const session = useCurrentSession();
  const logout = useLogout();
  const [editLoginOpened, editLogin] = useDisclosure(false);
  return (
    <Container component="main" size={560} py="xl" px="md">
      <Group justify="space-between" align="center" mb="lg" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Select a profile
        </Title>
        <Group gap="xs">
          <Button variant="default" onClick={editLogin.open}>
            Edit Login
          </Button>
          <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>
            Logout
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Logged in as {session.user.email}
      </Text>
      <ProfileList userId={session.user.userId} endedDemoProfileId={isSessionDemoEnded(session) ? (session.profile?.profileId ?? null) : null} />
      <EditLoginModal opened={editLoginOpened} onClose={editLogin.close} />
    </Container>
  );
}
