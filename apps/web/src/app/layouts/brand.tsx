import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

type BrandProps = { subtitle?: string | null };

export function Brand({ subtitle }: BrandProps) {
  return (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
      <Text component={Link} to="/" fw={800} size="lg" c="spotterBlue.8" style={{ textDecoration: 'none' }}>
        Spotter
      </Text>
      {subtitle && (
        <Text size="sm" c="dimmed" truncate>
          {subtitle}
        </Text>
      )}
    </Group>
  );
}
