import type { ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';

/** One section of the page: its anchor (the left nav links to it), title and what it is for. */
export function SectionCard({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" id={id} withBorder radius="md" padding="lg" aria-labelledby={`${id}-title`} style={{ scrollMarginTop: 16 }}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={`${id}-title`}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}
