import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calendarMessages } from '@spotter/shared';
import { render } from '../../../testing/render';
import { bodyOf, callsTo, jsonResponse } from '../../../testing/stub-fetch';
import { CAPACITY_REQUIRED, CLASS_TYPE_REQUIRED, DURATION_REQUIRED, TIME_REQUIRED } from '../lib/class-form';
import { buildEvent, buildOptions, buildSeries, ids, ownerSession, stubCalendarFetch } from '../testing/fixtures';
import { NewClassModal } from './new-class-modal';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // Wednesday 6 May 2026, 10:00 in Chicago.
  vi.setSystemTime(new Date('2026-05-06T15:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const onClose = vi.fn();
const renderForm = (slot = { date: '2026-05-06' }) => {
  onClose.mockClear();
  return render(<NewClassModal slot={slot} options={buildOptions()} onClose={onClose} />, { session: ownerSession() });
};

async function chooseOption(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function setTime(hours: string, minutes: string, amPm: 'AM' | 'PM') {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByRole('spinbutton', { name: 'Start time: hours' }), hours);
  await user.type(screen.getByRole('spinbutton', { name: 'Start time: minutes' }), minutes);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Start time: AM or PM' }), amPm);
}

describe('NewClassModal', () => {
  it("checks what is missing, with the server's texts, and pre-fills the type's duration and capacity", async () => {
    stubCalendarFetch();
    renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'New class' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create class' }));
    for (const text of [CLASS_TYPE_REQUIRED, TIME_REQUIRED, DURATION_REQUIRED, CAPACITY_REQUIRED]) expect(await within(dialog).findByText(text)).toBeTruthy();

    await chooseOption('Class type', 'Barbell Club');
    expect((within(dialog).getByRole('textbox', { name: 'Duration (minutes)' }) as HTMLInputElement).value).toBe('75');
    expect((within(dialog).getByRole('textbox', { name: 'Capacity' }) as HTMLInputElement).value).toBe('12');
  });

  it('switches to a weekly series: weekdays from Monday, the clicked day chosen, at least one needed', async () => {
    const fetchMock = stubCalendarFetch({
      other: (url, init) =>
        init.method === 'POST' && url.endsWith('/api/class-series/') ? jsonResponse({ series: buildSeries(), created: 26 }, 201) : undefined,
    });
    renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'New class' });
    await chooseOption('Class type', 'Barbell Club');
    expect(within(dialog).queryByRole('group', { name: 'Weekdays' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Weekly' }));

    const weekdays = within(dialog).getByRole('group', { name: 'Weekdays' });
    expect(
      within(weekdays)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect((within(weekdays).getByRole('checkbox', { name: 'Wednesday' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'First date' }).textContent).toBe('05/06/2026');
    expect(within(dialog).getByRole('button', { name: 'Last date' })).toBeTruthy();

    fireEvent.click(within(weekdays).getByRole('checkbox', { name: 'Wednesday' }));
    await setTime('06', '00', 'AM');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create series' }));
    expect(await within(dialog).findByText(calendarMessages.weekdaysRequired)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/class-series/')).toHaveLength(0);

    fireEvent.click(within(weekdays).getByRole('checkbox', { name: 'Wednesday' }));
    fireEvent.click(within(weekdays).getByRole('checkbox', { name: 'Monday' }));
    await chooseOption('Repeats', 'Every 2 weeks');
    await chooseOption('Location', 'Main Floor');
    await chooseOption('Room', 'Studio');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create series' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf(fetchMock, '/api/class-series/')).toEqual({
      classTypeId: ids.barbell,
      weekdays: [1, 3],
      startTime: '06:00',
      durationMinutes: 75,
      capacity: 12,
      firstDate: '2026-05-06',
      lastDate: null,
      interval: 2,
      coachIds: [],
      locationId: ids.mainFloor,
      roomId: ids.studio,
    });
    expect(await screen.findByText('Barbell Club: 26 classes scheduled.')).toBeTruthy();
    // Many fields to fill: a slow shared machine needs more than the default 20 s.
  }, 40_000);

  it('creates a one-off class at a selected time, and shows a refusal from the server', async () => {
    let refuse = true;
    const fetchMock = stubCalendarFetch({
      other: (url, init) => {
        if (init.method !== 'POST' || !url.endsWith('/api/classes/')) return undefined;
        return refuse ? jsonResponse({ message: calendarMessages.roomBusy, code: 'conflict' }, 409) : jsonResponse(buildEvent({ startTime: '18:30:00' }), 201);
      },
    });
    renderForm({ date: '2026-05-07', startTime: '18:30', durationMinutes: 30 } as never);
    const dialog = await screen.findByRole('dialog', { name: 'New class' });
    expect((within(dialog).getByRole('spinbutton', { name: 'Start time: hours' }) as HTMLInputElement).value).toBe('06');
    await chooseOption('Class type', 'CrossFit WOD');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create class' }));
    expect(await within(dialog).findByText(calendarMessages.roomBusy)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    // Issue 34: said once, in the dialog, not again as a notification.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(calendarMessages.roomBusy)).toHaveLength(1);

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create class' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf(fetchMock, '/api/classes/')).toEqual({
      classTypeId: ids.crossfit,
      date: '2026-05-07',
      startTime: '18:30',
      durationMinutes: 60,
      capacity: 16,
      coachIds: [],
      locationId: null,
      roomId: null,
    });
  });
});
