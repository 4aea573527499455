import { Paper, Text } from '@mantine/core';
import { PageHeader } from './page-header';

type NotBuiltPageProps = { title: string };

/** A route whose screen is not built yet: its title and an honest empty state. */
export function NotBuiltPage({ title }: NotBuiltPageProps) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="xl" radius="md">
        <Text ta="center">This section is not available yet.</Text>
      </Paper>
    </>
  );
}
