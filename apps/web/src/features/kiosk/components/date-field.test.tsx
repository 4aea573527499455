import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { importWithGatedChunk, unmockGatedChunks } from '../../../testing/on-demand';
import { render } from '../../../testing/render';

/** A fresh date-field module (nothing loaded yet); the picker's chunk arrives once `release()` is called. */
async function renderDateField({ country = 'GB' }: { country?: 'GB' | 'US' } = {}) {
  const { module, release } = await importWithGatedChunk(new URL('./date-picker-input.ts', import.meta.url), () => import('./date-field'));
  const onChange = vi.fn();
  render(<module.DateField label="Date" size="md" value="2026-11-21" onChange={onChange} country={country} maw={220} />);
  return { onChange, release, placeholder: screen.getByLabelText('Date') };
}

/** The real picker's input carries the class @mantine/dates gives it; the look-alike does not. */
const isPicker = (el: HTMLElement) => el.classList.contains('m_6fa5e2aa');

afterEach(unmockGatedChunks);

describe('DateField', () => {
  it('shows the label, value and attributes of the picker before and after it loads', async () => {
    const user = userEvent.setup();
    const { placeholder, release } = await renderDateField({ country: 'US' });
    expect(isPicker(placeholder)).toBe(false);
    expect(placeholder.tagName).toBe('BUTTON');
    expect(placeholder.textContent).toBe('11/21/2026');
    expect(placeholder.getAttribute('aria-haspopup')).toBe('dialog');
    expect(placeholder.getAttribute('aria-expanded')).toBe('false');
    expect(placeholder.getAttribute('type')).toBe('button');

    await user.hover(placeholder);
    release();
    await waitFor(() => expect(isPicker(screen.getByLabelText('Date'))).toBe(true));
    const picker = screen.getByLabelText('Date');
    expect(picker.textContent).toBe('11/21/2026');
    expect(picker.getAttribute('aria-haspopup')).toBe('dialog');
    expect(picker.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).not.toBe(picker);
    expect(document.querySelector<HTMLInputElement>('input[type="hidden"]')?.value).toBe('2026-11-21');
  });

  it('opens on a click made before the picker has loaded, and picks a date', async () => {
    const user = userEvent.setup();
    const { placeholder, onChange, release } = await renderDateField();
    expect(placeholder.textContent).toBe('21/11/2026');
    await user.click(placeholder);
    // While the chunk is on its way the look-alike stays, unchanged.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByLabelText('Date')).toBe(placeholder);
    expect(placeholder.textContent).toBe('21/11/2026');
    release();
    await waitFor(() => expect(screen.getByLabelText('Date').getAttribute('aria-expanded')).toBe('true'));
    const picker = screen.getByLabelText('Date');
    expect(isPicker(picker)).toBe(true);
    expect(picker.textContent).toBe('21/11/2026');
    await user.click(screen.getByRole('button', { name: '15 November 2026' }));
    expect(onChange).toHaveBeenCalledWith('2026-11-15');
  });

  it.each([
    ['US', 'Su'],
    ['GB', 'Mo'],
  ] as const)("starts the calendar's weeks the %s way (%s first)", async (country, first) => {
    const user = userEvent.setup();
    const { placeholder, release } = await renderDateField({ country });
    await user.click(placeholder);
    release();
    await waitFor(() => expect(screen.getByLabelText('Date').getAttribute('aria-expanded')).toBe('true'));
    const weekdays = screen.getByRole('dialog').querySelectorAll('thead th');
    expect(weekdays[0]?.textContent).toBe(first);
    // November 2026 begins on a Sunday: the first cell of a US calendar is the 1st, of a UK one 26 October.
    const firstDay = screen.getByRole('dialog').querySelector('tbody td button');
    expect(firstDay?.getAttribute('aria-label')).toBe(country === 'US' ? '1 November 2026' : '26 October 2026');
  });

  it.each(['{Enter}', ' '])('opens with %s pressed before the picker has loaded, focus staying with the field', async (key) => {
    const user = userEvent.setup();
    const { placeholder, release } = await renderDateField();
    await user.tab();
    expect(document.activeElement).toBe(placeholder);
    await user.keyboard(key);
    release();
    await waitFor(() => expect(screen.getByLabelText('Date').getAttribute('aria-expanded')).toBe('true'));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement) || screen.getByLabelText('Date') === document.activeElement).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByLabelText('Date').getAttribute('aria-expanded')).toBe('false'));
  });

  it('hands the focus to the picker once loaded when the field was only focused', async () => {
    const user = userEvent.setup();
    const { placeholder, release } = await renderDateField();
    await user.tab();
    expect(document.activeElement).toBe(placeholder);
    release();
    await waitFor(() => expect(isPicker(screen.getByLabelText('Date'))).toBe(true));
    const picker = screen.getByLabelText('Date');
    expect(document.activeElement).toBe(picker);
    expect(picker.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Enter}');
    expect(picker.getAttribute('aria-expanded')).toBe('true');
  });

  it('does not open on ArrowDown, before or after loading, as the picker never did', async () => {
    const user = userEvent.setup();
    const { placeholder, release } = await renderDateField();
    await user.tab();
    await user.keyboard('{ArrowDown}');
    release();
    await waitFor(() => expect(isPicker(screen.getByLabelText('Date'))).toBe(true));
    const picker = screen.getByLabelText('Date');
    expect(document.activeElement).toBe(picker);
    await user.keyboard('{ArrowDown}');
    expect(picker.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(placeholder.isConnected).toBe(false);
  });

  it('leaves the focus alone when it moved on before the picker loaded', async () => {
    const user = userEvent.setup();
    const { placeholder, release } = await renderDateField();
    await user.tab();
    expect(document.activeElement).toBe(placeholder);
    await user.tab();
    release();
    await waitFor(() => expect(isPicker(screen.getByLabelText('Date'))).toBe(true));
    expect(document.activeElement).not.toBe(screen.getByLabelText('Date'));
  });
});
