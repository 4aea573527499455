import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { CreatedDemoGym } from '@spotter/shared';

// Yellow 9 on yellow 1 is 2.7:1 (axe color-contrast); this brown passes 4.5:1 on that background.
const WARNING_TITLE = '#7a4100';

function CopyRow({ label, value }: { label: string; value: string }) {
  const id = `demo-credential-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id={id}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code aria-labelledby={id} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontSize: 'var(--mantine-font-size-sm)' }} p={6}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'teal' : undefined}
              onClick={copy}
              aria-label={`Copy ${label.toLowerCase()}`}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

type DemoCredentialsModalProps = { created: CreatedDemoGym | null; onClose: () => void };

/** Decision 008: the owner's login, answered once; the password is never stored or shown again. */
export function DemoCredentialsModal({ created, onClose }: DemoCredentialsModalProps) {
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title="Demo gym created"
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {created && (
        <Stack gap="md">
          <Text>
            <strong>{created.title}</strong> is ready. Give the prospect these details to sign in as the gym&apos;s owner.
          </Text>
          <Alert color="yellow" title="The password is shown only once" role="note" styles={{ title: { color: WARNING_TITLE } }}>
            Copy it now. It is not stored and cannot be shown again; a lost password means creating a new demo gym.
          </Alert>
          <CopyRow label="Owner email" value={created.credentials.email} />
          <CopyRow label="Password" value={created.credentials.password} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
