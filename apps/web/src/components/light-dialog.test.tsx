import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '../testing/render';
import { LightDialog } from './light-dialog';

function Harness({ onClose }: { onClose: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <LightDialog
        opened={opened}
        onClose={() => {
          onClose();
          setOpened(false);
        }}
        title="Enter Athlete mode"
      >
        <button type="button">Inside</button>
      </LightDialog>
    </>
  );
}

const openDialog = async () => {
  const onClose = vi.fn();
  render(<Harness onClose={onClose} />);
  expect(screen.queryByRole('dialog')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  // showModal() runs in a task of its own, after the one that rendered the dialog.
  return { onClose, dialog: await screen.findByRole('dialog', { name: 'Enter Athlete mode' }) };
};

describe('LightDialog', () => {
  it('opens as a modal named by its title, and locks the page scroll while open', async () => {
    const { dialog } = await openDialog();
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByRole('heading', { name: 'Enter Athlete mode' })).toBeTruthy();
    expect(document.documentElement.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('Escape (the cancel event) closes it through onClose', async () => {
    const { dialog, onClose } = await openDialog();
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.hasAttribute('open')).toBe(false);
  });

  it('a click on the backdrop closes it; a click inside does not', async () => {
    const { dialog, onClose } = await openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Inside' }));
    fireEvent.click(screen.getByRole('heading', { name: 'Enter Athlete mode' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
