import { Group, Progress, Text } from '@mantine/core';
import { demoCountdown, type Session } from '@spotter/shared';

type DemoBarProps = { demoGym: NonNullable<Session['demoGym']> };

/** Spec 2.9 / 4: the demo-mode bar with the time left; a persistent demo has no end. */
export function DemoBar({ demoGym }: DemoBarProps) {
  const countdown = demoGym.expiresAt ? demoCountdown(demoGym.expiresAt) : null;
  return (
    <Group
      gap="sm"
      px="md"
      py={6}
      mb="md"
      wrap="nowrap"
      role="status"
      style={{ background: 'var(--mantine-color-yellow-0)', border: '1px solid var(--mantine-color-yellow-3)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Text size="sm" fw={600}>
        Demo mode
      </Text>
      {countdown && (
        <>
          <Progress value={countdown.progress} color={countdown.color} w={120} aria-label="Demo time left" />
          <Text size="sm">{countdown.text}</Text>
        </>
      )}
    </Group>
  );
}
