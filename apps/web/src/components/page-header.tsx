import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

type PageHeaderProps = { title: string; actions?: ReactNode };

export function PageHeader({ title, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      {actions}
    </Group>
  );
}
