import { useState, type ReactNode } from 'react';
import { Alert, Button, Center, DataList, Divider, Group, Loader, Stack, Title } from '@mantine/core';

export function PanelLoader() {
  return (
    <Center py="xl">
      <Loader role="status" aria-label="Loading account details" />
    </Center>
  );
}

/** Spec 8: a failed fetch. */
export function PanelError() {
  return (
    <Alert color="red" title="Error" role="alert">
      Something went wrong while fetching data!
    </Alert>
  );
}

export type AccountItem = { label: string; value: ReactNode };

/** The read-only view of a panel (spec 2.13), with its Edit button at the top. */
export function AccountView({ items, onEdit }: { items: AccountItem[]; onEdit: () => void }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={3} size="h4">
          Details
        </Title>
        <Button onClick={onEdit}>Edit</Button>
      </Group>
      <DataList orientation="vertical" gap="md" aria-label="Account details">
        {items.map((item) => (
          <DataList.Item key={item.label}>
            <DataList.ItemLabel>{item.label}</DataList.ItemLabel>
            <DataList.ItemValue>{item.value === '' || item.value == null ? '—' : item.value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Stack>
  );
}

/** Cancel and Save at the foot of an editing form. */
export function FormActions({ onCancel, isSaving }: { onCancel: () => void; isSaving: boolean }) {
  return (
    <Group justify="flex-end" mt="lg">
      <Button variant="default" onClick={onCancel} disabled={isSaving}>
        Cancel
      </Button>
      <Button type="submit" loading={isSaving}>
        Save
      </Button>
    </Group>
  );
}

type EditableAccountProps = { picture: ReactNode; items: AccountItem[]; form: (done: () => void) => ReactNode };

/** A loaded panel (spec 2.13): the picture, then the details, or after Edit the form until it is saved or cancelled. */
export function EditableAccount({ picture, items, form }: EditableAccountProps) {
  const [isEditing, setEditing] = useState(false);
  return (
    <Stack gap="lg">
      {picture}
      <Divider />
      {isEditing ? form(() => setEditing(false)) : <AccountView items={items} onEdit={() => setEditing(true)} />}
    </Stack>
  );
}
