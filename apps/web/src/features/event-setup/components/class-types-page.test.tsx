import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '../../../testing/render';
import { callsTo, jsonResponse } from '../../../testing/stub-fetch';
import { ClassTypesPage } from './class-types-page';
import { rowActionsFor } from './setup-parts';
import { buildClassType, ownerSession, pageOf, stubSetupFetch } from './setup-test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const renderPage = () => render(<ClassTypesPage />, { session: ownerSession(), route: '/events/classes' });
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('ClassTypesPage (issue 16, spec 2.7 /events/classes)', () => {
  it('shows skeleton rows while loading, then each type with its booking window, waitlist and fees in the gym currency', async () => {
    let answer: ((r: Response) => void) | undefined;
    stubSetupFetch((url) => (url.startsWith('/api/class-types/?') ? new Promise<Response>((resolve) => (answer = resolve)) : undefined));
    renderPage();
    expect((await screen.findAllByTestId('skeleton-row')).length).toBeGreaterThan(0);
    // The list is asked for once the endpoint's route is known (its chunk loads on first use).
    await waitFor(() => expect(answer).toBeDefined());
    answer!(
      jsonResponse(
        pageOf([
          buildClassType({ name: 'CrossFit WOD' }),
          buildClassType({
            name: 'Open Gym',
            bookingOpensDays: null,
            bookingClosesMinutes: 0,
            waitlistEnabled: false,
            cancellationFeeMinor: 0,
            noShowFeeMinor: 0,
            lateCancelCutoffMinutes: 0,
            inUse: false,
          }),
        ]),
      ),
    );
    await screen.findByText('CrossFit WOD');
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    const wod = within(rowOf('CrossFit WOD'));
    expect(wod.getByText('Opens 7 days before · closes 15 min before')).toBeTruthy();
    expect(wod.getByText('Waitlist of 10')).toBeTruthy();
    expect(wod.getByText('Late cancel $15.00')).toBeTruthy();
    expect(wod.getByText('No-show $30.00')).toBeTruthy();
    expect(wod.getByText('Late within 2 h of the start')).toBeTruthy();
    expect(wod.getByText('Active')).toBeTruthy();
    const open = within(rowOf('Open Gym'));
    expect(open.getByText('Opens any time · closes at the start')).toBeTruthy();
    expect(open.getByText('No waitlist')).toBeTruthy();
    expect(open.getByText('No fees')).toBeTruthy();
    expect(screen.getByText('1–2 of 2')).toBeTruthy();
  });

  it('says what to do next when there are none, and offers to create the first', async () => {
    stubSetupFetch((url) => (url.startsWith('/api/class-types/?') ? jsonResponse(pageOf([])) : undefined));
    renderPage();
    expect(await screen.findByText('No class types yet. Create your first class type, then schedule its classes on the calendar.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'New class type' })).toHaveLength(2);
  });

  it("says 'No results found' for a search that finds nothing, and asks the server with the search and the status", async () => {
    const fetchMock = stubSetupFetch((url) =>
      url.startsWith('/api/class-types/?') ? jsonResponse(pageOf(url.includes('search=') ? [] : [buildClassType()])) : undefined,
    );
    renderPage();
    await screen.findByText('CrossFit WOD');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search class types' }), { target: { value: 'zumba' } });
    expect(await screen.findByText('No results found')).toBeTruthy();
    const urls = callsTo(fetchMock, 'GET', '/api/class-types/?').map(([url]) => String(url));
    expect(urls.at(-1)).toBe('/api/class-types/?status=active&limit=20&offset=0&search=zumba');
    fireEvent.click(screen.getByText('Archived'));
    await waitFor(() => expect(String(callsTo(fetchMock, 'GET', '/api/class-types/?').at(-1)![0])).toContain('status=archived'));
  });

  it('exports the whole filtered list as the CSV file the server names', async () => {
    const saved: { href: string; download: string }[] = [];
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href')!, download: this.download });
    });
    const fetchMock = stubSetupFetch((url) => {
      if (url.startsWith('/api/class-types/?')) return jsonResponse(pageOf([buildClassType()]));
      if (url.startsWith('/api/class-types/export/')) {
        return new Response('Name\r\nCrossFit WOD\r\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="class-types-active-2026-03-04.csv"' },
        });
      }
      return undefined;
    });
    renderPage();
    await screen.findByText('CrossFit WOD');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:csv', download: 'class-types-active-2026-03-04.csv' }]));
    expect(String(callsTo(fetchMock, 'GET', '/api/class-types/export/')[0]![0])).toBe('/api/class-types/export/?status=active');
    click.mockRestore();
  });

  it("shows the spec's 'Error' alert when the list fails", async () => {
    stubSetupFetch((url) => (url.startsWith('/api/class-types/?') ? jsonResponse({ message: 'Boom', code: 'internal_error' }, 500) : undefined));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error');
    expect(alert.textContent).toContain('Something went wrong while fetching data!');
  });

  it('offers Delete only for a type nothing uses, Archive or Restore by state, and asks before archiving', async () => {
    expect(rowActionsFor({ isArchived: false, inUse: true })).toEqual(['edit', 'archive']);
    expect(rowActionsFor({ isArchived: false, inUse: false })).toEqual(['edit', 'archive', 'delete']);
    expect(rowActionsFor({ isArchived: true, inUse: true })).toEqual(['edit', 'restore']);
    const type = buildClassType({ name: 'CrossFit WOD', upcomingCount: 3 });
    const fetchMock = stubSetupFetch((url, init) => {
      if (url.startsWith('/api/class-types/?')) return jsonResponse(pageOf([type]));
      if (init.method === 'POST' && url.endsWith('/archive/')) return jsonResponse({ ...type, isArchived: true, archivedAt: new Date().toISOString() });
      return undefined;
    });
    document.cookie = 'csrftoken=t; path=/';
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for CrossFit WOD' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['Edit', 'Archive']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive class type?' });
    expect(dialog.textContent).toContain('Its 3 classes still to come stay on the schedule.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `/api/class-types/${type.classTypeId}/archive/`)).toHaveLength(1));
    expect(await screen.findByText('Class type archived')).toBeTruthy();
  });
});
