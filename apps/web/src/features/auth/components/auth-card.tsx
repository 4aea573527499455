import type { ReactNode } from 'react';
import { Box, Center, Paper, Text, Title } from '@mantine/core';

type AuthCardProps = { title: string; children: ReactNode };

/** The centred card the logged-out pages share. */
export function AuthCard({ title, children }: AuthCardProps) {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.1">
      <Box w="100%" maw={420}>
        <Text ta="center" fw={800} fz={28} c="spotterBlue.8" mb="md">
          Spotter
        </Text>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Title order={1} size="h2" mb="lg">
            {title}
          </Title>
          {children}
        </Paper>
      </Box>
    </Center>
  );
}
