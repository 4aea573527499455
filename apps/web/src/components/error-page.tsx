import { Button, Center, Stack, Text, Title } from '@mantine/core';

/** Spec 2.1: the page shown on a server failure or an unexpected error. Texts are exact. */
export function ErrorPage() {
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Title order={1}>Something bad just happened...</Title>
        <Text size="lg">Our servers could not handle your request. Don&apos;t worry, our development team was already notified. Try refreshing the page.</Text>
        <Button size="md" onClick={() => window.location.reload()}>
          Refresh the page
        </Button>
      </Stack>
    </Center>
  );
}
