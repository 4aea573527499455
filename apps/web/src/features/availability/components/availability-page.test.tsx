import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AvailabilityAnswer, CoachAvailability, Session } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { AvailabilityPage } from './availability-page';

const COACH_ID = '5b2e0c11-0000-4000-8000-000000000001';
const TYPE_ID = '5b2e0c11-0000-4000-8000-000000000002';
const TIME_OFF_ID = '5b2e0c11-0000-4000-8000-000000000003';

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-04T20:30:00.000Z'));
});
afterAll(() => vi.useRealTimers());
afterEach(() => vi.unstubAllGlobals());

const session = (): Session =>
  buildSession({
    role: 'staff',
    gym: {
      gymId: '5b2e0c11-0000-4000-8000-000000000004',
      title: 'Iron Temple Barbell',
      stripeStatus: 'Active',
      stripeAccountType: 'standard',
      ghlV2Enabled: false,
    } as Session['gym'],
    profile: { profileId: '5b2e0c11-0000-4000-8000-000000000005' },
    staff: { staffId: '5b2e0c11-0000-4000-8000-000000000006', permissions: [] },
  });

const coach = (o: Partial<CoachAvailability> = {}): CoachAvailability => ({
  staffId: COACH_ID,
  fullName: 'Casey Coach',
  hours: [{ weekday: 1, startTime: '09:00', endTime: '12:00' }],
  appointmentTypeIds: [],
  timeOff: [
    {
      timeOffId: TIME_OFF_ID,
      staffId: COACH_ID,
      startsAt: '2026-03-10T05:00:00.000Z',
      endsAt: '2026-03-12T05:00:00.000Z',
      startDate: '2026-03-10',
      startTime: '00:00',
      endDate: '2026-03-11',
      endTime: '00:00',
      isAllDay: true,
      reason: 'Holiday',
    },
  ],
  ...o,
});
const answer = (coaches: CoachAvailability[]): AvailabilityAnswer => ({
  timeZone: 'America/Chicago',
  country: 'US',
  appointmentTypes: [{ appointmentTypeId: TYPE_ID, name: 'Personal Training' }],
  coaches,
});

describe('AvailabilityPage (issue 16)', () => {
  it("edits a coach's week: copies Monday to the weekdays, refuses overlaps before sending, saves in the server's order", async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url.endsWith('/availability/')) return jsonResponse(answer([coach()]));
      if (init.method === 'PUT') return jsonResponse(coach({ hours: JSON.parse(String(init.body)).hours }));
      return undefined;
    });
    render(<AvailabilityPage />, { session: session() });
    const monday = await screen.findByRole('group', { name: 'Monday' });
    expect(within(monday).getByLabelText('From')).toHaveProperty('value', '09:00');
    expect(within(screen.getByRole('group', { name: 'Tuesday' })).getByText('Not available')).toBeTruthy();
    expect(screen.getByText('03/10/2026 – 03/11/2026')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save hours' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Copy Monday to weekdays' }));
    expect(within(screen.getByRole('group', { name: 'Friday' })).getByLabelText('To')).toHaveProperty('value', '12:00');
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    const [, secondFrom] = within(monday).getAllByLabelText('From');
    fireEvent.change(secondFrom!, { target: { value: '11:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Monday: 09:00–12:00 and 11:00–14:00 overlap.');
    expect(callsTo(fetchMock, 'PUT', '/hours/')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Monday 11:00–14:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `/availability/${COACH_ID}/hours/`)).toHaveLength(1));
    const body = JSON.parse(String(callsTo(fetchMock, 'PUT', '/hours/')[0]![1]!.body));
    expect(body.hours.map((h: { weekday: number }) => h.weekday)).toEqual([1, 2, 3, 4, 5]);
    expect(body.hours[0]).toEqual({ weekday: 1, startTime: '09:00', endTime: '12:00' });
    expect(await screen.findByText('Weekly hours saved.')).toBeTruthy();
  });

  it('offers appointment types and adds and removes time off', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url.endsWith('/availability/')) return jsonResponse(answer([coach()]));
      if (url.includes('/appointment-types/')) return jsonResponse(coach({ appointmentTypeIds: [TYPE_ID] }));
      if (init.method === 'POST') return jsonResponse(coach().timeOff[0], 201);
      if (init.method === 'DELETE') return jsonResponse({ detail: 'Time off removed.' });
      return undefined;
    });
    render(<AvailabilityPage />, { session: session() });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Personal Training' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save appointment types' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/appointment-types/')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT', '/appointment-types/')[0]![1]!.body))).toEqual({ appointmentTypeIds: [TYPE_ID] });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Whole days' }));
    fireEvent.change(screen.getByLabelText('From (first day)'), { target: { value: '13:00' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Dentist' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add time off' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/availability/time-off/')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/time-off/')[0]![1]!.body))).toEqual({
      staffId: COACH_ID,
      startDate: '2026-03-04',
      endDate: '2026-03-04',
      startTime: '13:00',
      endTime: '17:00',
      reason: 'Dentist',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove time off 03/10/2026 – 03/11/2026' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', `/availability/time-off/${TIME_OFF_ID}/`)).toHaveLength(1));
  });

  it('says when there are no coaches, and shows the spec error when the read fails', async () => {
    stubFetch(() => jsonResponse(answer([])));
    const view = render(<AvailabilityPage />, { session: session() });
    expect(await screen.findByText('No coaches yet')).toBeTruthy();
    view.unmount();
    vi.unstubAllGlobals();
    stubFetch(() => jsonResponse({ message: 'Internal error', code: 'internal' }, 500));
    render(<AvailabilityPage />, { session: session() });
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong while fetching data!');
  });
});
