import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { AppointmentDetail, AppointmentSlot, AthleteAppointmentAnswer, BookableAppointmentType, Session } from '@spotter/shared';
import { bookabilityOf } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { callsTo, jsonResponse, stubFetch, type FetchHandler } from '../../../testing/stub-fetch';
import { AppointmentPage } from './appointment-page';

const TYPE_ID = '7a1d3c55-0000-4000-8000-000000000001';
const EVENT_ID = '7a1d3c55-0000-4000-8000-000000000002';
const RESERVATION_ID = '7a1d3c55-0000-4000-8000-000000000003';
const ATHLETE_ID = '7a1d3c55-0000-4000-8000-000000000004';
const COACH = { staffId: '7a1d3c55-0000-4000-8000-000000000005', fullName: 'Casey Coach' };
const OTHER_COACH = { staffId: '7a1d3c55-0000-4000-8000-000000000006', fullName: 'Abby Lane' };
const TAX = { taxRateId: '7a1d3c55-0000-4000-8000-000000000007', name: 'Sales Tax', percent: '8.25' };

// Wednesday 2026-03-04, 14:30 in Chicago.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-04T20:30:00.000Z'));
});
afterAll(() => vi.useRealTimers());
afterEach(() => vi.unstubAllGlobals());

const session = (): Session =>
  buildSession({
    role: 'athlete',
    gym: {
      gymId: '7a1d3c55-0000-4000-8000-000000000008',
      title: 'Iron Temple Barbell',
      stripeStatus: 'Active',
      stripeAccountType: 'standard',
      ghlV2Enabled: false,
    } as Session['gym'],
    profile: { profileId: '7a1d3c55-0000-4000-8000-000000000009' },
    athlete: { athleteId: ATHLETE_ID },
  });

const type: BookableAppointmentType = {
  appointmentTypeId: TYPE_ID,
  name: 'Personal Training',
  color: 'cyan',
  description: 'One hour with a coach.',
  durationMinutes: 60,
  capacity: 1,
  priceMinor: 6000,
  taxRate: TAX,
  lateCancelCutoffMinutes: 720,
  cancellationFeeMinor: 2500,
  coaches: [OTHER_COACH, COACH],
  isCovered: true,
};
const gymFields = { timeZone: 'America/Chicago', country: 'US' as const, isTaxInclusive: false };
const asType: AthleteAppointmentAnswer = { ...gymFields, type, appointment: null };
const slot = (time: string, coach = COACH, date = '2026-03-05'): AppointmentSlot => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const start = new Date(`${date}T00:00:00.000-06:00`).getTime() + (h * 60 + m) * 60_000;
  return {
    staffId: coach.staffId,
    coachName: coach.fullName,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 3600_000).toISOString(),
    startTime: time,
  };
};
const slotsAnswer = (date: string, slots: AppointmentSlot[]) => ({
  timeZone: 'America/Chicago',
  country: 'US',
  date,
  appointmentTypeId: TYPE_ID,
  durationMinutes: 60,
  slots,
});
const appointmentFields = (o: Partial<AppointmentDetail>): Omit<AppointmentDetail, 'bookability'> => ({
  eventId: EVENT_ID,
  appointmentTypeId: TYPE_ID,
  name: 'Personal Training',
  color: 'cyan',
  startDate: '2026-03-05',
  startTime: '09:00',
  startsAt: '2026-03-05T15:00:00.000Z',
  endsAt: '2026-03-05T16:00:00.000Z',
  duration: 60,
  capacity: 1,
  priceMinor: 6000,
  taxRate: TAX,
  coaches: [{ ...COACH, role: 'lead' }],
  location: null,
  isCancelled: false,
  hasStarted: false,
  myBooking: {
    reservationId: RESERVATION_ID,
    isReserved: true,
    isWaitlisted: false,
    waitlistPosition: null,
    isCheckedIn: false,
    isLateCancel: false,
    isNoShow: false,
  },
  cancellation: { isLate: false, feeMinor: 2500, cutoffMinutes: 720 },
  ...o,
});
/** As the server answers: its bookability from the booking policy's reading of the held booking. */
const appointment = (o: Partial<AppointmentDetail> = {}): AppointmentDetail => {
  const fields = appointmentFields(o);
  return { ...fields, bookability: o.bookability ?? bookabilityOf({ ...fields, placesHeld: fields.capacity }) };
};
const dateOf = (url: string) => new URL(url, 'http://x').searchParams.get('date');

function renderPage(id: string, handler: FetchHandler) {
  const fetchMock = stubFetch(handler);
  const view = render(
    <Routes>
      <Route path="/appointments/:eventId" element={<AppointmentPage />} />
      <Route path="/events" element={<h1>My Events page</h1>} />
    </Routes>,
    { session: session(), route: `/appointments/${id}` },
  );
  return { fetchMock, ...view };
}

describe('AppointmentPage: booking an appointment type (issue 16)', () => {
  it('shows two weeks of days, the free times by coach, a confirmation with the price, then the booked appointment', async () => {
    let booked = false;
    const { fetchMock } = renderPage(TYPE_ID, (url, init) => {
      if (url.includes(`/schedule/appointments/${TYPE_ID}/`)) return jsonResponse(asType);
      if (url.includes(`/schedule/appointments/${EVENT_ID}/`)) return jsonResponse({ ...gymFields, type: null, appointment: appointment() });
      if (url.includes('/appointment-slots/')) {
        const date = dateOf(url)!;
        return jsonResponse(slotsAnswer(date, date === '2026-03-05' ? [slot('09:00'), slot('09:15'), slot('11:00', OTHER_COACH)] : []));
      }
      if (url.includes('/appointment-bookings/') && init.method === 'POST') {
        booked = true;
        return jsonResponse({ ...gymFields, appointment: appointment() }, 201);
      }
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Personal Training' })).toBeTruthy();
    expect(screen.getByText('60 min · $60.00 + tax')).toBeTruthy();
    const days = within(screen.getByRole('group', { name: 'Day' })).getAllByRole('button');
    expect(days).toHaveLength(14);
    expect(days[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(days[0]!.textContent).toBe('Today4');
    // Today has nothing free.
    expect(await screen.findByText('No free times on this day')).toBeTruthy();

    fireEvent.click(days[1]!);
    expect(await screen.findByRole('heading', { name: 'Free times on 03/05/2026' })).toBeTruthy();
    const casey = await screen.findByRole('region', { name: 'Free times with Casey Coach' });
    expect(
      within(casey)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['9:00 AM', '9:15 AM']);
    expect(within(screen.getByRole('region', { name: 'Free times with Abby Lane' })).getByRole('button').textContent).toBe('11:00 AM');

    fireEvent.click(screen.getByRole('button', { name: '9:00 AM with Casey Coach' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your appointment' });
    expect(dialog.textContent).toContain('03/05/2026 · 9:00 AM – 10:00 AM');
    expect(dialog.textContent).toContain('Coach: Casey Coach');
    expect(dialog.textContent).toContain('Price: Pre-tax $60.00 · Tax $4.95 · Total $64.95');
    expect(dialog.textContent).toContain('Free to cancel up to 12 hours before; after that, a late-cancel fee of $25.00 applies.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book' }));

    await waitFor(() => expect(booked).toBe(true));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/appointment-bookings/')[0]![1]!.body))).toEqual({
      appointmentTypeId: TYPE_ID,
      staffId: COACH.staffId,
      startsAt: slot('09:00').startsAt,
      athleteId: ATHLETE_ID,
    });
    expect(await screen.findByText('Your appointment is booked.')).toBeTruthy();
    expect(await screen.findByText('Booked')).toBeTruthy();
    expect(screen.getByText('Coach: Casey Coach')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel appointment' })).toBeTruthy();
  });

  it('filters the free times by coach', async () => {
    const { fetchMock } = renderPage(TYPE_ID, (url) => {
      if (url.includes('/schedule/appointments/')) return jsonResponse(asType);
      if (url.includes('/appointment-slots/'))
        return jsonResponse(slotsAnswer(dateOf(url)!, url.includes('staffId=') ? [] : [slot('09:00', COACH, dateOf(url)!)]));
      return undefined;
    });
    await screen.findByRole('region', { name: 'Free times with Casey Coach' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Coach' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Abby Lane' }));
    expect(await screen.findByText('Choose another day, or any coach.')).toBeTruthy();
    expect(String(callsTo(fetchMock, 'GET', '/appointment-slots/').at(-1)![0])).toContain(`staffId=${OTHER_COACH.staffId}`);
  });

  it('says when the time was taken meanwhile and shows the free times again', async () => {
    let reads = 0;
    renderPage(TYPE_ID, (url, init) => {
      if (url.includes('/schedule/appointments/')) return jsonResponse(asType);
      if (url.includes('/appointment-slots/')) {
        reads++;
        return jsonResponse(slotsAnswer(dateOf(url)!, reads === 1 ? [slot('15:30', COACH, '2026-03-04')] : []));
      }
      if (init.method === 'POST') return jsonResponse({ message: 'This time is no longer available.', code: 'slot_taken' }, 409);
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: '3:30 PM with Casey Coach' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirm your appointment' })).getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Booking failed')).toBeTruthy();
    expect(screen.getByText('This time is no longer available.')).toBeTruthy();
    expect(await screen.findByText('No free times on this day')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm your appointment' })).toBeNull());
  });

  it('says why a booking is refused for want of a package, and links to the packages on sale (issue 18)', async () => {
    const message = 'You need a package that covers this appointment to book it.';
    renderPage(TYPE_ID, (url, init) => {
      if (url.includes('/schedule/appointments/')) return jsonResponse(asType);
      if (url.includes('/appointment-slots/')) return jsonResponse(slotsAnswer(dateOf(url)!, [slot('15:30', COACH, '2026-03-04')]));
      if (init.method === 'POST') return jsonResponse({ message, code: 'no_package' }, 409);
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: '3:30 PM with Casey Coach' }));
    // A package of the athlete covers the type (the read says so): nothing to say before booking.
    expect(screen.queryByRole('link', { name: 'Browse packages' })).toBeNull();
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirm your appointment' })).getByRole('button', { name: 'Book' }));
    const alert = await screen.findByRole('alert', { name: 'A package is needed to book this' });
    expect(alert.textContent).toContain(message);
    expect(within(alert).getByRole('link', { name: 'Browse packages' }).getAttribute('href')).toBe('/packages/sales-portal');
    expect(within(alert).getByRole('link', { name: 'My packages' }).getAttribute('href')).toBe('/packages');
    // The notification says it too; the times are still there to choose once the athlete holds a package.
    expect(await screen.findByText('Booking failed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm your appointment' })).toBeNull());
    expect(screen.getByRole('button', { name: '3:30 PM with Casey Coach' })).toBeTruthy();
  });

  it("says before a time is chosen that a package is needed when none of the athlete's covers the type (issue 18)", async () => {
    renderPage(TYPE_ID, (url) => {
      if (url.includes('/schedule/appointments/')) return jsonResponse({ ...asType, type: { ...type, isCovered: false } });
      if (url.includes('/appointment-slots/')) return jsonResponse(slotsAnswer(dateOf(url)!, []));
      return undefined;
    });
    expect(await screen.findByText('A package is needed to book this')).toBeTruthy();
    expect(screen.getByText('You need a package that covers this appointment to book it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse packages' }).getAttribute('href')).toBe('/packages/sales-portal');
  });

  it('shows skeletons while loading, the spec error when the read fails, and a way back when the id is unknown', async () => {
    let answer: (r: Response) => void = () => {};
    renderPage(TYPE_ID, () => new Promise<Response>((resolve) => (answer = resolve)));
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).not.toBeNull());
    answer(jsonResponse({ message: 'Internal error', code: 'internal' }, 500));
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong while fetching data!');
    vi.unstubAllGlobals();

    renderPage(EVENT_ID, () => jsonResponse({ message: 'Appointment not found.', code: 'not_found' }, 404));
    expect(await screen.findByText('Appointment not found')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: '← Schedule' }).at(-1)!.getAttribute('href')).toBe('/');
  });
});

describe("AppointmentPage: the athlete's own appointment (issue 16)", () => {
  it('asks before cancelling, says a late cancel costs the fee, then goes to My Events', async () => {
    const { fetchMock } = renderPage(EVENT_ID, (url, init) => {
      if (url.includes('/schedule/appointments/'))
        return jsonResponse({ ...gymFields, type: null, appointment: appointment({ cancellation: { isLate: true, feeMinor: 2500, cutoffMinutes: 1440 } }) });
      if (init.method === 'DELETE') return jsonResponse({ detail: 'Reservation successfully deleted.' });
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Personal Training' })).toBeTruthy();
    expect(screen.getByText('03/05/2026 · 9:00 AM – 10:00 AM')).toBeTruthy();
    expect(screen.getByText('Price: $60.00 + tax')).toBeTruthy();
    expect(screen.getByRole('link', { name: '← My Events' }).getAttribute('href')).toBe('/events');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your appointment?' });
    expect(dialog.textContent).toContain('This is a late cancel: a late-cancel fee of $25.00 applies.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', `/athlete-appointments/${RESERVATION_ID}/`)).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'My Events page' })).toBeTruthy();
    expect(await screen.findByText('Your appointment is cancelled.')).toBeTruthy();
  });

  it('offers no Cancel once it is late cancelled or cancelled, and says so', async () => {
    renderPage(EVENT_ID, () =>
      jsonResponse({
        ...gymFields,
        type: null,
        appointment: appointment({ isCancelled: true, myBooking: { ...appointment().myBooking!, isLateCancel: true } }),
      }),
    );
    expect(await screen.findByText('Late cancel')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).toBeNull();
  });
});
