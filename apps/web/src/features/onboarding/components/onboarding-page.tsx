import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCurrentSession, useLogout, useClearProfile } from '../../auth';
import { SetUpPayments } from '../../payment-methods';

/** Spec 2.1: a gym whose payment status is Onboard sees only this page until payments are set up. */
export function OnboardingPage() {
  const session = useCurrentSession();
  const logout = useLogout();
  const clearProfile = useClearProfile();
  return (
    <Container component="main" size={560} py="xl" px="md">
      <Title order={1} size="h2" mb="md">
        Welcome to Spotter
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Text fw={700} mb="xs">
          {session.gym?.title}
        </Text>
        <Text mb="md">Your gym still needs to finish setting up payments before the rest of Spotter opens.</Text>
        <Stack mb="md">
          <SetUpPayments fallback={<Text>Online payment onboarding is not available on this server; please contact your sales advisor to complete it.</Text>} />
        </Stack>
        <Group gap="xs">
          <Button variant="default" onClick={() => clearProfile.mutate()} loading={clearProfile.isPending}>
            Switch Profiles
          </Button>
          <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>
            Logout
          </Button>
        </Group>
      </Paper>
    </Container>
  );
}
