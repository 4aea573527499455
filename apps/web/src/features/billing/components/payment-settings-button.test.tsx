import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { billingMessages } from '@spotter/shared';
import { render } from '../../../testing/render';
import { callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { PaymentSettingsButton, scheduleWords, validateDunningDays } from './payment-settings-button';

afterEach(() => vi.unstubAllGlobals());

describe('payment settings (issue 19 dunning schedule)', () => {
  it('words the schedule and checks its length with the server texts', () => {
    expect(scheduleWords([1, 3, 7])).toBe('1, 3 and 7 days after the first failed charge');
    expect(scheduleWords([1])).toBe('1 day after the first failed charge');
    expect(scheduleWords([5])).toBe('5 days after the first failed charge');
    expect(validateDunningDays([])).toBe(billingMessages.dunningCount);
    expect(validateDunningDays(Array.from({ length: 11 }, (_, i) => i + 1))).toBe(billingMessages.dunningCount);
    expect(validateDunningDays([2, 4])).toBeNull();
  });

  it('opens with the saved days, removes one, saves the new schedule and closes', async () => {
    let saved = [1, 3, 7];
    const fetchMock = stubFetch((url, init) => {
      if (!url.endsWith('/api/payments/settings/')) return undefined;
      if (init.method === 'PUT') saved = (JSON.parse(init.body as string) as { dunningDays: number[] }).dunningDays;
      return jsonResponse({ dunningDays: saved });
    });
    render(<PaymentSettingsButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Payment settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment settings' });
    await within(dialog).findByText('1, 3 and 7 days after the first failed charge.');
    // Remove "3 days" (Mantine's pill remove button).
    const pill = within(dialog).getByText('3 days').closest('.mantine-Pill-root')!;
    fireEvent.click(within(pill as HTMLElement).getByRole('button', { hidden: true }));
    expect(within(dialog).getByText('1 and 7 days after the first failed charge.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/payments/settings/')).toHaveLength(1));
    expect(saved).toEqual([1, 7]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Payment settings' })).toBeNull());
  });

  it('shows the server’s refusal in the dialog', async () => {
    stubFetch((url, init) => {
      if (!url.endsWith('/api/payments/settings/')) return undefined;
      if (init.method === 'PUT') return jsonResponse({ message: billingMessages.dunningOrder, code: 'validation_error' }, 400);
      return jsonResponse({ dunningDays: [2] });
    });
    render(<PaymentSettingsButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Payment settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment settings' });
    await within(dialog).findByText('2 days after the first failed charge.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(billingMessages.dunningOrder)).toBeTruthy();
  });
});
