import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages, setupMessages } from '@spotter/shared';
import { render } from '../../../testing/render';
import { bodyOf, callsTo, jsonResponse } from '../../../testing/stub-fetch';
import { LocationsPage } from './locations-page';
import { buildLocation, ownerSession, pageOf, stubSetupFetch, uuid } from './setup-test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const main = buildLocation({ name: 'Main Floor' });
main.rooms = [
  { roomId: uuid(), locationId: main.locationId, name: 'Platform Area', isArchived: false, archivedAt: null, inUse: true },
  { roomId: uuid(), locationId: main.locationId, name: 'Old Rig', isArchived: true, archivedAt: '2026-01-01T00:00:00.000Z', inUse: false },
];
const studio = buildLocation({ name: 'Studio B', inUse: false });

describe('LocationsPage (issue 16, spec 2.7 /events/location)', () => {
  it('shows each location with its rooms; a room in use offers no Delete, an archived one offers Restore', async () => {
    stubSetupFetch((url) => (url.startsWith('/api/locations/?') ? jsonResponse(pageOf([main, studio])) : undefined));
    render(<LocationsPage />, { session: ownerSession() });
    const card = await screen.findByRole('region', { name: 'Main Floor' });
    const rooms = within(card).getByRole('list', { name: 'Rooms of Main Floor' });
    expect(
      within(rooms)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Platform Area', 'Old RigArchived']);
    fireEvent.click(within(card).getByRole('button', { name: 'Actions for Platform Area' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['Edit', 'Archive']);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(within(screen.getByRole('region', { name: 'Studio B' })).getByText(/^No rooms yet\./)).toBeTruthy();
  });

  it('adds a room in place: the name rule first, then the server', async () => {
    const fetchMock = stubSetupFetch((url, init) => {
      if (url.startsWith('/api/locations/?')) return jsonResponse(pageOf([studio]));
      if (init.method === 'POST' && url === `/api/locations/${studio.locationId}/rooms/`) {
        return jsonResponse({ roomId: uuid(), locationId: studio.locationId, name: 'Yoga Room', isArchived: false, archivedAt: null, inUse: false }, 201);
      }
      return undefined;
    });
    document.cookie = 'csrftoken=t; path=/';
    render(<LocationsPage />, { session: ownerSession() });
    const card = await screen.findByRole('region', { name: 'Studio B' });
    fireEvent.click(within(card).getByRole('button', { name: 'Add room' }));
    expect(await within(card).findByText(messages.nameRequired)).toBeTruthy();
    fireEvent.change(within(card).getByRole('textbox', { name: 'New room in Studio B' }), { target: { value: 'Yoga #1' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Add room' }));
    expect(await within(card).findByText(messages.nameInvalid)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/rooms/')).toHaveLength(0);
    fireEvent.change(within(card).getByRole('textbox', { name: 'New room in Studio B' }), { target: { value: 'Yoga Room' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Add room' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/rooms/')).toHaveLength(1));
    expect(bodyOf(fetchMock, `/api/locations/${studio.locationId}/rooms/`)).toEqual({ name: 'Yoga Room' });
    expect(await screen.findByText('Room added')).toBeTruthy();
  });

  it('shows the server’s refusal of a taken name under the field, the empty states and the load failure', async () => {
    stubSetupFetch((url, init) => {
      if (url.startsWith('/api/locations/?')) return jsonResponse(pageOf(url.includes('search=') ? [] : [studio]));
      if (init.method === 'POST')
        return jsonResponse({ message: setupMessages.roomNameTaken, code: 'validation_error', fields: { name: [setupMessages.roomNameTaken] } }, 400);
      return undefined;
    });
    document.cookie = 'csrftoken=t; path=/';
    const { unmount } = render(<LocationsPage />, { session: ownerSession() });
    const card = await screen.findByRole('region', { name: 'Studio B' });
    fireEvent.change(within(card).getByRole('textbox', { name: 'New room in Studio B' }), { target: { value: 'Studio' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Add room' }));
    expect(await within(card).findByText(setupMessages.roomNameTaken)).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search locations' }), { target: { value: 'attic' } });
    expect(await screen.findByText('No results found')).toBeTruthy();
    unmount();

    stubSetupFetch((url) => (url.startsWith('/api/locations/?') ? jsonResponse(pageOf([])) : undefined));
    const second = render(<LocationsPage />, { session: ownerSession() });
    expect(await screen.findByText('No locations yet. Add the places your classes happen, then their rooms.')).toBeTruthy();
    second.unmount();

    stubSetupFetch((url) => (url.startsWith('/api/locations/?') ? jsonResponse({ message: 'Boom', code: 'internal_error' }, 500) : undefined));
    render(<LocationsPage />, { session: ownerSession() });
    const failed = (await screen.findByText('Something went wrong while fetching data!')).closest('[role="alert"]') as HTMLElement;
    expect(failed.textContent).toBe('ErrorSomething went wrong while fetching data!');
  });
});
