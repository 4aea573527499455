import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { render } from '../testing/render';
import { MergeFieldMenu } from './merge-field-menu';

/** A stand-in for tiptap's editor: focus() moves the cursor into a textarea, insertContent() appends there. */
function fakeEditor(area: HTMLTextAreaElement): Editor {
  const chain = {
    focus: () => {
      area.focus();
      return chain;
    },
    insertContent: (text: string) => {
      area.value += text;
      return chain;
    },
    run: () => true,
  };
  return { chain: () => chain } as unknown as Editor;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('MergeFieldMenu', () => {
  it('leaves the cursor in the editor after a choice, so typing goes on there (the menu does not take focus back)', async () => {
    const area = document.createElement('textarea');
    area.setAttribute('aria-label', 'Body');
    document.body.appendChild(area);
    render(<MergeFieldMenu editor={fakeEditor(area)} fields={[{ key: 'athlete.firstName', label: 'First name' }]} />);
    const button = screen.getByRole('button', { name: 'Insert merge field' });
    button.focus();
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'First name' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // Mantine returns focus 10 ms after a menu closes; past that the editor must still hold it.
    await sleep(60);
    expect(area.value).toBe('{{athlete.firstName}}');
    expect(document.activeElement).toBe(area);
    area.remove();
  });

  it('returns focus to its button when closed without a choice (Escape)', async () => {
    render(<MergeFieldMenu editor={fakeEditor(document.createElement('textarea'))} fields={[{ key: 'gym.name', label: 'Gym name' }]} />);
    const button = screen.getByRole('button', { name: 'Insert merge field' });
    button.focus();
    fireEvent.click(button);
    const menu = await screen.findByRole('menu');
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
