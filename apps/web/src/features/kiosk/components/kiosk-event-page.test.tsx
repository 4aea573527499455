import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { render } from '../../../testing/render';
import { callsTo, jsonResponse } from '../../../testing/stub-fetch';
import { KioskEventPage } from './kiosk-event-page';
import { EVENT_ID, buildAthlete, buildDetail, page, staffSession, stubKioskFetch } from './kiosk-test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const renderDetail = (query = 'eventType=class') =>
  render(
    <Routes>
      <Route path="/kiosk/:eventId" element={<KioskEventPage />} />
    </Routes>,
    { session: staffSession(), route: `/kiosk/${EVENT_ID}?${query}` },
  );

const tabPanel = () => screen.getByRole('tabpanel');

describe('KioskEventPage (spec 2.12)', () => {
  it('shows the empty texts of the tabs and hides Eligible for appointments', async () => {
    stubKioskFetch((url) => (url.includes('/kiosk-event/') ? jsonResponse(buildDetail([], { eventType: 'appointment_type' })) : undefined));
    renderDetail('eventType=appointment');
    expect(await screen.findByText('No reserved athletes for this event')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /Eligible/ })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: /Checked In/ }));
    expect(await screen.findByText('No checked in athletes for this event')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back/ }).getAttribute('href')).toBe('/kiosk?eventType=appointment');
  });

  it("shows the 'Error' alert when the event fails to load", async () => {
    stubKioskFetch((url) => (url.includes('/kiosk-event/') ? jsonResponse({ message: 'Internal server error' }, 500) : undefined));
    renderDetail();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Something went wrong while fetching data!');
  });

  it.each([
    [404, { message: 'Event not found.', code: 'not_found' }],
    [400, { message: 'eventId must be a UUID.', code: 'validation' }],
  ])('says an event that answers %i does not exist or is not in this gym, with a way back', async (status, body) => {
    stubKioskFetch((url) => (url.includes('/kiosk-event/') ? jsonResponse(body, status) : undefined));
    renderDetail('eventType=class&from=calendar');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Event not found');
    expect(alert.textContent).toContain('This event does not exist or is not in this gym.');
    expect(alert.textContent).not.toContain('Something went wrong');
    expect(within(alert).getByRole('link', { name: 'Back to the kiosk' }).getAttribute('href')).toBe('/kiosk?eventType=class');
  });

  it('moves a tapped athlete to Checked In at once and back with the server text when refused', async () => {
    const grace = buildAthlete({ hasPastDueBills: true, hasUnsignedDocuments: true });
    let answerPut: (r: Response) => void = () => {};
    const fetchMock = stubKioskFetch((url, init) => {
      if (url.includes('/kiosk-event/')) return jsonResponse(buildDetail([grace]));
      if (init.method === 'PUT') return new Promise<Response>((resolve) => (answerPut = resolve));
      return undefined;
    });
    renderDetail();
    const row = await screen.findByRole('button', { name: /^Grace Rodriguez/ });
    expect(row.textContent).toContain('This account has a past-due bill.');
    expect(row.textContent).toContain('There is an unsigned document on this account.');
    fireEvent.click(row);
    await waitFor(() => expect(within(tabPanel()).getByText('No reserved athletes for this event')).toBeTruthy());
    expect(screen.getByRole('tab', { name: 'Checked In (1)' })).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `/athlete-kilo-classes/${grace.reservationId}/`)).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT', '/athlete-kilo-classes/')[0]![1]!.body))).toEqual({ isCheckedIn: true });
    await act(async () => answerPut(jsonResponse({ message: 'This class is full.', code: 'event_full' }, 409)));
    expect(await screen.findByText('Athlete reservation update failed')).toBeTruthy();
    expect(screen.getByText('This class is full.')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Reserved (1)' })).toBeTruthy();
    expect(within(tabPanel()).getByRole('button', { name: /^Grace Rodriguez/ })).toBeTruthy();
  });

  it('offers staff Sign document for an athlete with an unsigned document: it lists theirs to hand the device over (issue 20)', async () => {
    const grace = buildAthlete({ hasUnsignedDocuments: true });
    const fetchMock = stubKioskFetch((url) => {
      if (url.includes('/kiosk-event/')) return jsonResponse(buildDetail([grace]));
      if (url.includes('/api/documents/?')) return page([]);
      return undefined;
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Grace Rodriguez' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign document' }));
    expect(await screen.findByRole('dialog', { name: 'Sign a document: Grace Rodriguez' })).toBeTruthy();
    await waitFor(() => expect(String(callsTo(fetchMock, 'GET', '/api/documents/?')[0]?.[0])).toContain(`athleteId=${grace.athleteId}`));
    expect(await screen.findByText(/has no unsigned document/)).toBeTruthy();
  });

  it('takes a new tap on an athlete whose check-in finished while another was still on its way', async () => {
    const first = buildAthlete();
    const second = buildAthlete({ fullName: 'Mia Hill', firstName: 'Mia', lastName: 'Hill' });
    const answers: ((r: Response) => void)[] = [];
    const fetchMock = stubKioskFetch((url, init) => {
      if (url.includes('/kiosk-event/')) return jsonResponse(buildDetail([first, second]));
      if (init.method === 'PUT') return new Promise<Response>((resolve) => answers.push(resolve));
      return undefined;
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: /^Grace Rodriguez/ }));
    fireEvent.click(await screen.findByRole('button', { name: /^Mia Hill/ }));
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers.forEach((answer) => answer(jsonResponse({}))));
    // The server (this stub) still has both reserved, so both come back to Reserved after the refetch.
    fireEvent.click(await within(tabPanel()).findByRole('button', { name: /^Grace Rodriguez/ }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `/athlete-kilo-classes/${first.reservationId}/`)).toHaveLength(2));
  });

  it('checks in a walk-in from Eligible with a client-made id', async () => {
    const walkIn = buildAthlete({ fullName: 'Mia Hill', firstName: 'Mia', lastName: 'Hill', isReserved: false, reservationId: null });
    const fetchMock = stubKioskFetch((url, init) => {
      if (url.includes('/kiosk-event/')) return jsonResponse(buildDetail([]));
      if (url.includes('/eligible-athletes')) return page([walkIn]);
      if (init.method === 'POST') return jsonResponse({}, 201);
      return undefined;
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('tab', { name: 'Eligible' }));
    const row = await screen.findByRole('button', { name: /^Mia Hill/ });
    expect(row.textContent).toContain('Not Reserved');
    fireEvent.click(row);
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/athlete-kilo-classes/')).toHaveLength(1));
    const body = JSON.parse(String(callsTo(fetchMock, 'POST', '/athlete-kilo-classes/')[0]![1]!.body));
    expect(body).toMatchObject({ athlete: walkIn.athleteId, kiloClass: EVENT_ID, isReserved: false, isCheckedIn: true });
    expect(body.athleteKiloClassId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Adding athlete to class success')).toBeTruthy();
    const [eligibleUrl] = callsTo(fetchMock, 'GET', '/eligible-athletes')[0]!;
    expect(String(eligibleUrl)).toContain(`limit=10&offset=0&class=${EVENT_ID}&search=`);
  });

  it('searches Eligible for what was pasted without its control characters (the server refuses U+0000)', async () => {
    const fetchMock = stubKioskFetch((url) => {
      if (url.includes('/kiosk-event/')) return jsonResponse(buildDetail([]));
      if (url.includes('/eligible-athletes')) return page([]);
      return undefined;
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('tab', { name: 'Eligible' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search athletes' }), { target: { value: 'Mor\u0000gan\t' } });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/eligible-athletes').some(([url]) => String(url).includes('search=Morgan'))).toBe(true));
    expect(
      callsTo(fetchMock, 'GET', '/eligible-athletes')
        .map(([url]) => String(url))
        .filter((url) => url.includes('%00')),
    ).toEqual([]);
  });

  it('offers late cancel and no show only when credited, disabled once checked in', async () => {
    const checkedIn = buildAthlete({ fullName: 'Ann Lee', firstName: 'Ann', lastName: 'Lee', isCheckedIn: true });
    stubKioskFetch((url) => (url.includes('/kiosk-event/') ? jsonResponse(buildDetail([checkedIn, buildAthlete({ isCredited: false })])) : undefined));
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Grace Rodriguez' }));
    expect(screen.queryByRole('menuitem', { name: 'Mark Late Cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: /Checked In/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Ann Lee' }));
    expect(
      screen.getByRole('menuitem', { name: 'Mark Late Cancel' }).hasAttribute('disabled') ||
        screen.getByRole('menuitem', { name: 'Mark Late Cancel' }).getAttribute('data-disabled'),
    ).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Remove Check In' })).toBeTruthy();
  });

  it('shows checked-in athletes as a disabled label and hides warnings and menus in athlete mode', async () => {
    window.localStorage.setItem('kioskMode', 'true');
    const done = buildAthlete({ isCheckedIn: true, hasPastDueBills: true });
    stubKioskFetch((url) => (url.includes('/kiosk-event/') ? jsonResponse(buildDetail([done])) : undefined));
    renderDetail();
    fireEvent.click(await screen.findByRole('tab', { name: /Checked In/ }));
    const label = await screen.findByRole('button', { name: 'Checked In' });
    expect(label.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText('This account has a past-due bill.')).toBeNull();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Back/ }).getAttribute('href')).toBe('/?eventType=class');
  });
});
