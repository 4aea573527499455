import { Button, Menu } from '@mantine/core';
import type { Editor } from '@tiptap/react';

/**
 * "Insert merge field": a menu of merge fields, each inserted at the editor's cursor as its {{key}} token (document
 * templates, issue 20; message templates, issue 22).
 */
export function MergeFieldMenu({ editor, fields, disabled = false }: { editor: Editor | null; fields: readonly { key: string; label: string }[]; disabled?: boolean }) {
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button size="xs" variant="light" disabled={!editor || disabled}>
          Insert merge field
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {fields.map((f) => (
          <Menu.Item key={f.key} onClick={() => editor?.chain().focus().insertContent(`{{${f.key}}}`).run()}>
            {f.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
