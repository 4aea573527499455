import { Button, Menu } from '@mantine/core';
import type { Editor } from '@tiptap/react';
import { useState } from 'react';

/**
 * "Insert merge field": a menu of merge fields, each inserted at the editor's cursor as its {{key}} token (document
 * templates, issue 20; message templates, issue 22).
 *
 * Choosing a field leaves the cursor in the editor, after the token, so typing goes on there. The menu returns focus
 * to its button only when it closes without a choice (Escape, a click outside): Mantine returns focus 10 ms after
 * closing, and tiptap focuses the editor on the next animation frame, so returning focus after a choice raced the
 * editor and the next keys could land on the button.
 */
export function MergeFieldMenu({
  editor,
  fields,
  disabled = false,
}: {
  editor: Editor | null;
  fields: readonly { key: string; label: string }[];
  disabled?: boolean;
}) {
  const [returnFocus, setReturnFocus] = useState(true);
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false} returnFocus={returnFocus} onOpen={() => setReturnFocus(true)}>
      <Menu.Target>
        <Button size="xs" variant="light" disabled={!editor || disabled}>
          Insert merge field
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {fields.map((f) => (
          <Menu.Item
            key={f.key}
            onClick={() => {
              setReturnFocus(false);
              editor?.chain().focus().insertContent(`{{${f.key}}}`).run();
            }}
          >
            {f.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
