import type { ReactNode } from 'react';
import { ActionIcon, Badge, Button, ColorSwatch, Group, Menu, Modal, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { SetupStatus } from '@spotter/shared';

/** A type's colour as a small swatch (its name is read out beside it). */
export function TypeSwatch({ color, size = 14 }: { color: string; size?: number }) {
  return <ColorSwatch color={`var(--mantine-color-${color}-6)`} size={size} withShadow={false} aria-hidden="true" style={{ flexShrink: 0 }} />;
}

/** A type's name with its swatch. */
export function TypeName({ name, color }: { name: string; color: string }) {
  return (
    <Group gap={8} wrap="nowrap">
      <TypeSwatch color={color} />
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
    </Group>
  );
}

/** Light badges with darker text than Mantine's shade 9 on shade 1, which is below 4.5:1 for teal (axe color-contrast). */
export function StatusBadge({ isArchived }: { isArchived: boolean }) {
  return (
    <Badge variant="light" color={isArchived ? 'gray' : 'teal'} c={isArchived ? '#343a40' : '#0b5e45'} radius="sm" style={{ minWidth: 'max-content' }}>
      {isArchived ? 'Archived' : 'Active'}
    </Badge>
  );
}

/** Active / Archived, the search box and the export, above a list. */
export function SetupToolbar({
  status,
  onStatus,
  search,
  onSearch,
  searchLabel,
  onExport,
  isExporting,
}: {
  status: SetupStatus;
  onStatus: (status: SetupStatus) => void;
  search: string;
  onSearch: (search: string) => void;
  searchLabel: string;
  onExport: () => void;
  isExporting: boolean;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
      <Group gap="sm" align="flex-end" wrap="wrap" style={{ flexGrow: 1 }}>
        <SegmentedControl
          aria-label="Show"
          value={status}
          onChange={(value) => onStatus(value as SetupStatus)}
          data={[
            { value: 'active', label: 'Active' },
            { value: 'archived', label: 'Archived' },
          ]}
        />
        <TextInput
          type="search"
          aria-label={searchLabel}
          placeholder={searchLabel}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          style={{ flexGrow: 1, maxWidth: 360, minWidth: 200 }}
        />
      </Group>
      <Button variant="default" onClick={onExport} loading={isExporting}>
        Export CSV
      </Button>
    </Group>
  );
}

/** An empty list: what it means and what to do next. */
export function SetupEmpty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="md">
        <Text ta="center">{children}</Text>
        {action}
      </Stack>
    </Paper>
  );
}

function DotsIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

export type RowAction = 'edit' | 'archive' | 'restore' | 'delete';

/** What a row offers: Edit, Archive or Restore, and Delete only while nothing uses the record. */
export function rowActionsFor(r: { isArchived: boolean; inUse: boolean }, canEdit = true): RowAction[] {
  return [...(canEdit ? (['edit'] as const) : []), r.isArchived ? 'restore' : 'archive', ...(r.inUse ? [] : (['delete'] as const))];
}

const actionLabels: Record<RowAction, string> = { edit: 'Edit', archive: 'Archive', restore: 'Restore', delete: 'Delete' };

/** A row's menu of actions, named after the record for screen readers. */
export function RowActions({
  name,
  actions,
  onAction,
  isBusy = false,
}: {
  name: string;
  actions: RowAction[];
  onAction: (action: RowAction) => void;
  isBusy?: boolean;
}) {
  return (
    // No focus placeholder: a role=presentation child inside role=menu fails axe (aria-required-children).
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`} loading={isBusy}>
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item key={action} color={action === 'delete' ? 'red.9' : undefined} onClick={() => onAction(action)}>
            {actionLabels[action]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export type Confirmation = { title: string; message: ReactNode; confirmLabel: string; isDanger?: boolean; run: () => void };

/** Asks before an archive, restore or delete. */
export function ConfirmDialog({ confirmation, onClose, isPending }: { confirmation: Confirmation | null; onClose: () => void; isPending: boolean }) {
  return (
    <Modal opened={confirmation !== null} onClose={onClose} title={confirmation?.title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text size="sm">{confirmation?.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={confirmation?.isDanger ? 'red.8' : undefined} loading={isPending} onClick={() => confirmation?.run()} data-autofocus>
            {confirmation?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
