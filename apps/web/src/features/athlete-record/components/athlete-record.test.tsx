import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { DUPLICATE_ATHLETE_EMAIL, messages, type AthleteRecord, type Gym, type MyBooking, type ScheduleClass, type Session } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { bodyOf, callsTo, jsonResponse, stubFetch, type FetchHandler } from '../../../testing/stub-fetch';
import { AddAthleteButton } from './add-athlete-button';
import { AthleteDetailPage } from './athlete-detail-page';
import { toAthleteInput, toFormValues, validateAthleteForm } from './athlete-form';
import { describeChanges } from './activity-tab';

afterEach(() => vi.unstubAllGlobals());

const GYM_ID = '22222222-2222-4222-8222-222222222222';
const ATHLETE_ID = '33333333-3333-4333-8333-333333333333';
const session = (): Session =>
  buildSession({
    role: 'staff',
    gym: { gymId: GYM_ID, title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: '44444444-4444-4444-8444-444444444444' },
    staff: { staffId: '55555555-5555-4555-8555-555555555555', permissions: ['AthleteView'] },
  });
const gym = (country: Gym['country'] = 'US'): Gym => ({
  gymId: GYM_ID,
  title: 'Iron Temple Barbell',
  email: null,
  profilePicture: null,
  country,
  timeZone: country === 'GB' ? 'Europe/London' : 'America/Chicago',
  isTaxInclusive: false,
  eventSettings: { classes: { taxRate: null } },
});
const record = (o: Partial<AthleteRecord> = {}): AthleteRecord => ({
  athleteId: ATHLETE_ID,
  firstName: 'Dana',
  lastName: 'Lopez',
  fullName: 'Dana Lopez',
  email: 'dana@example.com',
  phone: '13125550142',
  dob: '1990-04-02',
  gender: null,
  profilePicture: null,
  address: { addressLines: ['1 Main St'], locality: 'Chicago', region: 'Illinois', zipCode: '60601', country: 'US' },
  emergencyName: '',
  emergencyPhone: '',
  medicalNotes: '',
  membershipState: 'active',
  tags: [],
  isArchived: false,
  isAnonymised: false,
  hasLogin: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...o,
});
const overview = {
  athleteId: ATHLETE_ID,
  membershipState: 'active',
  isArchived: false,
  isAnonymised: false,
  packages: [
    {
      athletePackageId: '66666666-6666-4666-8666-666666666666',
      name: 'Unlimited',
      kind: 'membership',
      status: 'active',
      startDate: '2026-01-01',
      endDate: null,
    },
  ],
  nextBookings: [],
  flags: { hasPastDueBills: true, hasUnsignedDocuments: false, hasMedicalNote: false },
  lastVisit: null,
  attendance: { attended: 12, attendedLast30Days: 3, upcoming: 0, lateCancels: 0, noShows: 0 },
  timeZone: 'America/Chicago',
};

const stub = (handler: FetchHandler = () => undefined, country: Gym['country'] = 'US') =>
  stubFetch((url, init) => {
    if (url === `/api/gyms/${GYM_ID}/`) return jsonResponse(gym(country));
    if (url === `/api/athletes/${ATHLETE_ID}/record/` && (init.method ?? 'GET') === 'GET') return jsonResponse(record());
    if (url === `/api/athletes/${ATHLETE_ID}/overview/`) return jsonResponse(overview);
    return handler(url, init);
  });

const renderPage = (tab: string) =>
  render(
    <Routes>
      <Route path="/users/athletes/:athleteId/:activeTab?" element={<AthleteDetailPage />} />
    </Routes>,
    { session: session(), route: `/users/athletes/${ATHLETE_ID}/${tab}` },
  );

describe('athlete form rules (issue 17, spec 5)', () => {
  it('checks names, email, phones for the gym country, the birthday and the zip as typed', () => {
    const v = { ...toFormValues(null, 'US'), firstName: '', lastName: 'Lopez', email: 'nope', phone: 'call me', dob: '2099-01-01' };
    v.address = { ...v.address, country: 'US', zipCode: '123' };
    const errors = validateAthleteForm(v, 'US', '2026-03-04');
    expect(errors).toMatchObject({
      firstName: messages.nameRequired,
      email: messages.emailInvalid,
      phone: messages.phoneInvalid,
      dob: 'Date of birth cannot be in the future.',
    });
    expect(errors['address.zipCode']).toBeTruthy();
    expect(Object.values(validateAthleteForm(toFormValues(record(), 'US'), 'US', '2026-03-04')).filter(Boolean)).toEqual([]);
  });

  it('starts a new athlete in the gym country and sends what was typed, address lines without blanks, zip upper-cased', () => {
    const v = toFormValues(null, 'GB');
    expect(v.address.country).toBe('GB');
    const input = toAthleteInput({ ...v, firstName: ' Ann ', lastName: 'Lee', address: { ...v.address, line1: '10 High St', zipCode: 'sw1a 1aa' } });
    expect(input).toMatchObject({ firstName: 'Ann', address: { addressLines: ['10 High St'], zipCode: 'SW1A 1AA', country: 'GB' }, dob: null, gender: null });
    expect(toFormValues(record(), 'US').phone).toBe('+1 312 555 0142');
  });

  it('describes an audit row in words, medical notes only as changed', () => {
    expect(
      describeChanges({
        auditId: ATHLETE_ID,
        action: 'athlete.updated',
        actorName: 'Sam',
        createdAt: '',
        changes: { lastName: ['Lopez', 'Smith'], medicalNotes: ['(hidden)', '(changed)'] },
      }),
    ).toEqual(['Last name: Lopez → Smith', 'Medical notes changed']);
  });
});

describe('AddAthleteButton (issue 17)', () => {
  it('opens the new athlete form, clears region and zip when the country changes, and shows the server duplicate email on its field', async () => {
    const fetchMock = stub((url, init) =>
      url === '/api/athletes/' && init.method === 'POST'
        ? jsonResponse({ message: DUPLICATE_ATHLETE_EMAIL, code: 'duplicate_email', fields: { email: [DUPLICATE_ATHLETE_EMAIL] } }, 400)
        : undefined,
    );
    render(<AddAthleteButton />, { session: session() });
    fireEvent.click(screen.getByRole('button', { name: 'Add athlete' }));
    const first = await screen.findByLabelText(/First name/);
    fireEvent.change(first, { target: { value: 'Dana' } });
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Lopez' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'dana@example.com' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Illinois' } });
    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '60601-12' } });
    expect((screen.getByLabelText('ZIP code') as HTMLInputElement).value).toBe('60601');
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'CA' } });
    expect((screen.getByLabelText('Province') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Postal code') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getAllByRole('button', { name: 'Add athlete' }).at(-1)!);
    expect(await screen.findByText(DUPLICATE_ATHLETE_EMAIL)).toBeTruthy();
    const sent = bodyOf(fetchMock, '/api/athletes/') as Record<string, unknown>;
    expect(sent).toMatchObject({
      firstName: 'Dana',
      lastName: 'Lopez',
      email: 'dana@example.com',
      sendInvitation: true,
      address: { country: 'CA', region: '', zipCode: '' },
    });
  });
});

describe('AthleteDetailPage (issue 17)', () => {
  it('shows the header with membership and flags, and every tab as a link to its URL', async () => {
    stub();
    renderPage('overview');
    expect(await screen.findByRole('heading', { name: 'Dana Lopez' })).toBeTruthy();
    expect((await screen.findAllByText('Past due')).length).toBeGreaterThan(0);
    const nav = screen.getByRole('navigation', { name: 'Athlete sections' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual(
      ['overview', 'profile', 'attendance', 'bookings', 'packages', 'invoices', 'documents', 'messages', 'notes', 'family', 'activity'].map((t) => [
        t.charAt(0).toUpperCase() + t.slice(1),
        `/users/athletes/${ATHLETE_ID}/${t}`,
      ]),
    );
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('Unlimited')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
  });

  it('profile tab: edits the record and puts server field errors on their fields', async () => {
    const fetchMock = stub((url, init) =>
      url === `/api/athletes/${ATHLETE_ID}/record/` && init.method === 'PUT'
        ? jsonResponse({ message: messages.phoneInvalid, code: 'validation_error', fields: { phone: [messages.phoneInvalid] } }, 400)
        : undefined,
    );
    renderPage('profile');
    const last = await screen.findByLabelText(/Last name/);
    fireEvent.change(last, { target: { value: 'Smith' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.phoneInvalid)).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/record/')).toHaveLength(1));
    expect(JSON.parse(callsTo(fetchMock, 'PUT', '/record/')[0]![1].body as string)).toMatchObject({ lastName: 'Smith', phone: '+1 312 555 0142' });
  });

  it('notes tab: an empty state that says what to do', async () => {
    stub((url) => (url === `/api/athletes/${ATHLETE_ID}/notes/` ? jsonResponse({ results: [] }) : undefined));
    renderPage('notes');
    expect(await screen.findByText('No notes yet. Use New note to write one.')).toBeTruthy();
  });

  it('tags: takes a tag off, puts another of the gym on, and creates a new one by name', async () => {
    const VIP = { tagId: '77777777-7777-4777-8777-777777777777', name: 'VIP', color: 'gray' };
    const COMP = { tagId: '88888888-8888-4888-8888-888888888888', name: 'Competitor', color: 'gray' };
    const NEW = { tagId: '99999999-9999-4999-8999-999999999999', name: 'Beginner', color: 'gray' };
    let carried = [VIP];
    const fetchMock = stubFetch((url, init) => {
      const method = init.method ?? 'GET';
      if (url === `/api/gyms/${GYM_ID}/`) return jsonResponse(gym());
      if (url === `/api/athletes/${ATHLETE_ID}/overview/`) return jsonResponse(overview);
      if (url === `/api/athletes/${ATHLETE_ID}/record/`) return jsonResponse(record({ tags: carried }));
      if (url.startsWith('/api/tags/') && method === 'GET')
        return jsonResponse({ count: 2, next: null, previous: null, results: [VIP, COMP].map((t) => ({ ...t, athleteCount: 1 })) });
      if (url === '/api/tags/' && method === 'POST') return jsonResponse(NEW, 201);
      const m = url.match(/^\/api\/athletes\/[^/]+\/tags\/([^/]+)\/$/);
      if (m) {
        const id = m[1]!;
        carried = method === 'DELETE' ? carried.filter((t) => t.tagId !== id) : [...carried, [VIP, COMP, NEW].find((t) => t.tagId === id)!];
        return jsonResponse(record({ tags: carried }));
      }
      return undefined;
    });
    renderPage('overview');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove tag VIP' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', `/tags/${VIP.tagId}/`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove tag VIP' })).toBeNull());

    const picker = screen.getByPlaceholderText(/^Add a tag/);
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'Comp' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Competitor' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `/tags/${COMP.tagId}/`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Remove tag Competitor' })).toBeTruthy();

    // A name no tag has: Add creates it, then puts it on.
    await waitFor(() => expect(screen.getByPlaceholderText(/^Add a tag/).hasAttribute('disabled')).toBe(false));
    fireEvent.change(screen.getByPlaceholderText(/^Add a tag/), { target: { value: 'Beginner' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `/tags/${NEW.tagId}/`)).toHaveLength(1));
    expect(JSON.parse(callsTo(fetchMock, 'POST', '/api/tags/')[0]![1].body as string)).toMatchObject({ name: 'Beginner' });
    expect(await screen.findByRole('button', { name: 'Remove tag Beginner' })).toBeTruthy();
  });

  it('attendance tab: lists the marked visits, each labelled checked in, late cancel or no show', async () => {
    const visit = (n: number, mark: { isCheckedIn?: boolean; isLateCancel?: boolean; isNoShow?: boolean; isReserved?: boolean }) => ({
      eventId: `aaaaaaa${n}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`,
      kind: 'class',
      name: `Class ${n}`,
      color: 'blue',
      startDate: `2026-02-0${n}`,
      startTime: '18:00:00',
      startsAt: `2026-02-0${n}T00:00:00.000Z`,
      endsAt: `2026-02-0${n}T01:00:00.000Z`,
      duration: 60,
      capacity: 10,
      placesHeld: 1,
      waitlistCount: 0,
      coaches: [],
      location: null,
      hasStarted: true,
      isCancelled: false,
      cancelReason: null,
      myBooking: {
        reservationId: `bbbbbbb${n}-bbbb-4bbb-8bbb-bbbbbbbbbbbb`,
        isReserved: true,
        isWaitlisted: false,
        waitlistPosition: null,
        isCheckedIn: false,
        isLateCancel: false,
        isNoShow: false,
        ...mark,
      },
      cancellation: { isLate: false, feeMinor: 0, cutoffMinutes: 0 },
      bookability: { action: null, reason: { code: 'started', message: 'This class has started.' } },
    });
    stub((url) =>
      url.startsWith(`/api/athletes/${ATHLETE_ID}/attendance/`)
        ? jsonResponse({
            count: 3,
            next: null,
            previous: null,
            results: [visit(3, { isCheckedIn: true }), visit(2, { isLateCancel: true, isReserved: false }), visit(1, { isNoShow: true })],
            counts: { attended: 1, attendedLast30Days: 1, upcoming: 0, lateCancels: 1, noShows: 1 },
            timeZone: 'America/Chicago',
          })
        : undefined,
    );
    renderPage('attendance');
    expect(await screen.findByText('Class 3')).toBeTruthy();
    const labels = ['Class 3', 'Class 2', 'Class 1'].map((name) => screen.getByText(name).closest('.mantine-Card-root')?.textContent ?? '');
    expect(labels[0]).toContain('Checked in');
    expect(labels[1]).toContain('Late cancel');
    expect(labels[2]).toContain('No show');
    expect(screen.queryByText('Booked')).toBeNull();
  });

  it('attendance tab: says what shows there when there are no visits yet', async () => {
    stub((url) =>
      url.startsWith(`/api/athletes/${ATHLETE_ID}/attendance/`)
        ? jsonResponse({
            count: 0,
            next: null,
            previous: null,
            results: [],
            counts: { attended: 0, attendedLast30Days: 0, upcoming: 2, lateCancels: 0, noShows: 0 },
            timeZone: 'America/Chicago',
          })
        : undefined,
    );
    renderPage('attendance');
    expect(await screen.findByText(/No visits yet\./)).toBeTruthy();
  });

  describe('bookings tab: what the server says the athlete can do (issue 33 bookability)', () => {
    const mine = (o: Partial<MyBooking> = {}): MyBooking => ({
      reservationId: 'bbbbbbb1-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      isReserved: true,
      isWaitlisted: false,
      waitlistPosition: null,
      isCheckedIn: false,
      isLateCancel: false,
      isNoShow: false,
      ...o,
    });
    const cls = (n: number, o: Partial<ScheduleClass>): ScheduleClass => ({
      eventId: `aaaaaaa${n}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`,
      kind: 'class',
      name: `Class ${n}`,
      color: 'blue',
      startDate: '2099-03-05',
      startTime: '18:00',
      startsAt: '2099-03-06T00:00:00.000Z',
      endsAt: '2099-03-06T01:00:00.000Z',
      duration: 60,
      capacity: 10,
      placesHeld: 4,
      waitlistCount: 0,
      coaches: [],
      location: null,
      hasStarted: false,
      isCancelled: false,
      cancelReason: null,
      myBooking: null,
      cancellation: { isLate: false, feeMinor: 0, cutoffMinutes: 0 },
      bookability: { action: 'book', reason: null },
      ...o,
    });
    const none = (code: string) => ({ action: null, reason: { code, message: code } });

    it('offers the cancel, late cancel or leave-waitlist the server decided, and nothing when it says none', async () => {
      const fetchMock = stub((url, init) => {
        if (url.startsWith(`/api/athletes/${ATHLETE_ID}/bookings/`) && (init.method ?? 'GET') === 'GET')
          return jsonResponse({
            count: 4,
            next: null,
            previous: null,
            timeZone: 'America/Chicago',
            results: [
              cls(1, { myBooking: mine({ reservationId: 'bbbbbbb1-bbbb-4bbb-8bbb-bbbbbbbbbbbb' }), bookability: { action: 'cancel', reason: null } }),
              cls(2, { myBooking: mine({ reservationId: 'bbbbbbb2-bbbb-4bbb-8bbb-bbbbbbbbbbbb' }), bookability: { action: 'late_cancel', reason: null } }),
              cls(3, {
                myBooking: mine({ reservationId: 'bbbbbbb3-bbbb-4bbb-8bbb-bbbbbbbbbbbb', isReserved: false, isWaitlisted: true, waitlistPosition: 2 }),
                bookability: { action: 'leave_waitlist', reason: null },
              }),
              cls(4, { myBooking: mine({ reservationId: 'bbbbbbb4-bbbb-4bbb-8bbb-bbbbbbbbbbbb', isCheckedIn: true }), bookability: none('already_reserved') }),
            ],
          });
        if (url.startsWith(`/api/athletes/${ATHLETE_ID}/bookings/`) && init.method === 'DELETE') return jsonResponse({ detail: 'Booking cancelled.' });
        return undefined;
      });
      renderPage('bookings');
      expect(await screen.findByRole('button', { name: 'Cancel booking: Class 1' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Cancel booking: Class 2' }).textContent).toBe('Cancel booking');
      fireEvent.click(screen.getByRole('button', { name: 'Leave waitlist: Class 3' }));
      await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/bookings/bbbbbbb3-bbbb-4bbb-8bbb-bbbbbbbbbbbb/')).toHaveLength(1));
      const checkedIn = screen.getByText('Class 4').closest('.mantine-Card-root') as HTMLElement;
      expect(within(checkedIn).queryByRole('button')).toBeNull();
    });

    it('"Book a class" lists only what the server says can be booked or joined, and joins a full class\'s waitlist', async () => {
      const fetchMock = stub((url, init) => {
        if (url.startsWith(`/api/athletes/${ATHLETE_ID}/bookings/`) && (init.method ?? 'GET') === 'GET')
          return jsonResponse({ count: 0, next: null, previous: null, results: [], timeZone: 'America/Chicago' });
        if (url.startsWith(`/api/athletes/${ATHLETE_ID}/bookable-classes/`))
          return jsonResponse({
            date: '2099-03-05',
            timeZone: 'America/Chicago',
            country: 'US',
            isTaxInclusive: false,
            results: [
              cls(1, { placesHeld: 7 }),
              cls(2, { placesHeld: 10, waitlistCount: 1, bookability: { action: 'join_waitlist', reason: null } }),
              // Not started, not cancelled, no booking: still the server's word that it takes nothing.
              cls(3, { bookability: none('booking_closed') }),
              cls(4, { myBooking: mine(), bookability: { action: 'cancel', reason: null } }),
              cls(5, { isCancelled: true, bookability: none('cancelled') }),
            ],
          });
        if (url === `/api/athletes/${ATHLETE_ID}/bookings/` && init.method === 'POST')
          return jsonResponse({ reservationId: 'bbbbbbb9-bbbb-4bbb-8bbb-bbbbbbbbbbbb', isWaitlisted: true, detail: 'Added to the waitlist.' }, 201);
        return undefined;
      });
      renderPage('bookings');
      fireEvent.click(await screen.findByRole('button', { name: 'Book a class' }));
      const dialog = await screen.findByRole('dialog', { name: 'Book a class' });
      expect((await within(dialog).findByRole('button', { name: 'Book: Class 1' })).textContent).toBe('Book (3 left)');
      expect(within(dialog).queryByText('Class 3')).toBeNull();
      expect(within(dialog).queryByText('Class 4')).toBeNull();
      expect(within(dialog).queryByText('Class 5')).toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Join waitlist: Class 2' }));
      await waitFor(() => expect(callsTo(fetchMock, 'POST', `/api/athletes/${ATHLETE_ID}/bookings/`)).toHaveLength(1));
      expect(bodyOf(fetchMock, `/api/athletes/${ATHLETE_ID}/bookings/`)).toEqual({ eventId: 'aaaaaaa2-aaaa-4aaa-8aaa-aaaaaaaaaaaa', joinWaitlist: true });
    });
  });

  it('bookings tab: books an appointment for the athlete in a free slot through the appointment booking endpoint', async () => {
    const TYPE_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
    const COACH_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
    const type = {
      appointmentTypeId: TYPE_ID,
      name: 'Personal Training',
      color: 'cyan',
      description: '',
      durationMinutes: 60,
      priceMinor: 6000,
      bufferMinutes: 0,
      capacity: 1,
      lateCancelCutoffMinutes: 0,
      cancellationFeeMinor: 0,
      noShowFeeMinor: 0,
      cancellationCreditDeduction: 0,
      noShowCreditDeduction: 0,
      taxRate: null,
      coaches: [{ staffId: COACH_ID, fullName: 'Casey Coach' }],
      isArchived: false,
      archivedAt: null,
      inUse: false,
      upcomingCount: 0,
    };
    const fetchMock = stub((url, init) => {
      if (url.startsWith(`/api/athletes/${ATHLETE_ID}/bookings/`))
        return jsonResponse({ count: 0, next: null, previous: null, results: [], timeZone: 'America/Chicago' });
      if (url.startsWith('/api/appointment-types/?')) return jsonResponse({ count: 1, next: null, previous: null, results: [type] });
      if (url.startsWith('/api/appointment-slots/?'))
        return jsonResponse({
          timeZone: 'America/Chicago',
          country: 'US',
          date: '2026-03-05',
          appointmentTypeId: TYPE_ID,
          durationMinutes: 60,
          slots: [
            { staffId: COACH_ID, coachName: 'Casey Coach', startsAt: '2026-03-05T15:00:00.000Z', endsAt: '2026-03-05T16:00:00.000Z', startTime: '09:00' },
          ],
        });
      if (url === '/api/appointment-bookings/' && init.method === 'POST')
        return jsonResponse({ message: 'This time is no longer available.', code: 'slot_taken' }, 409);
      return undefined;
    });
    renderPage('bookings');
    fireEvent.click(await screen.findByRole('button', { name: 'Book an appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book an appointment' });
    fireEvent.click(await within(dialog).findByRole('combobox', { name: 'Appointment type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Personal Training (60 min)' }));
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-03-05' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Book Personal Training at 9:00 AM with Casey Coach' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/appointment-bookings/')).toHaveLength(1));
    expect(bodyOf(fetchMock, '/api/appointment-bookings/')).toEqual({
      appointmentTypeId: TYPE_ID,
      staffId: COACH_ID,
      startsAt: '2026-03-05T15:00:00.000Z',
      athleteId: ATHLETE_ID,
    });
    expect(
      callsTo(fetchMock, 'GET', '/api/appointment-slots/').some(
        ([url]) => String(url).includes(`appointmentTypeId=${TYPE_ID}`) && String(url).includes('date=2026-03-05'),
      ),
    ).toBe(true);
    // A refusal is told and the picker stays open to choose again.
    expect(await screen.findByText('This time is no longer available.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Book an appointment' })).toBeTruthy();
  });

  it('anonymise asks for the typed confirmation before it can be sent', async () => {
    stub();
    renderPage('overview');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Anonymise…' }));
    const confirm = screen.getByRole('button', { name: 'Anonymise' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Type ANONYMISE to confirm'), { target: { value: 'ANONYMISE' } });
    expect(confirm.hasAttribute('disabled')).toBe(false);
  });

  it('an unknown tab goes to the overview', async () => {
    stub();
    renderPage('payroll');
    expect(await screen.findByRole('link', { name: 'Overview' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page'));
  });
});
