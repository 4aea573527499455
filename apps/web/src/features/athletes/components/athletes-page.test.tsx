import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AthleteListRow, Gym, Session, TagWithCount } from '@spotter/shared';
import { buildSession } from '../../../testing/factories';
import { render } from '../../../testing/render';
import { callsTo, jsonResponse, stubFetch, type FetchHandler } from '../../../testing/stub-fetch';
import { AthletesPage } from './athletes-page';

afterEach(() => vi.unstubAllGlobals());

// mantine-datatable shows a column while matchMedia(its visibleMediaQuery, '' when none) matches, as '' does in a
// browser; the shared jsdom stub matches nothing.
const { matchMedia } = window;
beforeAll(() => {
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '' });
});
afterAll(() => {
  window.matchMedia = matchMedia;
});

const GYM_ID = '22222222-2222-4222-8222-222222222222';
let n = 0;
const uuid = () => `77777777-7777-4777-8777-${String(++n).padStart(12, '0')}`;

const session = (): Session =>
  buildSession({
    role: 'staff',
    gym: { gymId: GYM_ID, title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: uuid() },
    staff: { staffId: uuid(), permissions: ['AthleteView'] },
  });

const gym: Gym = {
  gymId: GYM_ID,
  title: 'Iron Temple Barbell',
  email: null,
  profilePicture: null,
  country: 'US',
  timeZone: 'America/Chicago',
  isTaxInclusive: false,
  eventSettings: { classes: { taxRate: null } },
};

const competition: TagWithCount = { tagId: uuid(), name: 'Competition team', color: 'gray', athleteCount: 3 };

function athlete(o: Partial<AthleteListRow> = {}): AthleteListRow {
  return {
    athleteId: uuid(),
    fullName: 'Carla Diaz',
    firstName: 'Carla',
    lastName: 'Diaz',
    email: 'carla@example.com',
    phone: '13125550142',
    profilePicture: null,
    membershipState: 'active',
    tags: [],
    hasPastDueBills: false,
    hasUnsignedDocuments: false,
    lastVisitAt: '2026-03-02T15:00:00.000Z',
    createdAt: '2025-06-01T15:00:00.000Z',
    isArchived: false,
    ...o,
  };
}

const pageOf = <T,>(results: T[], count = results.length) => ({ count, next: null, previous: null, results });
const carla = athlete();
const bea = athlete({
  fullName: 'Bea Archer',
  firstName: 'Bea',
  lastName: 'Archer',
  email: null,
  membershipState: 'trial',
  hasPastDueBills: true,
  tags: [competition],
});

function stub(handler: FetchHandler = () => undefined) {
  return stubFetch((url, init) => {
    if (url === `/api/gyms/${GYM_ID}/`) return jsonResponse(gym);
    if (url.startsWith('/api/tags/?')) return jsonResponse(pageOf([competition]));
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/athletes/?')) return jsonResponse(pageOf([bea, carla], 2));
    return undefined;
  });
}

const renderPage = (route = '/users/athletes') => render(<AthletesPage />, { session: session(), route });
const lastListUrl = (fetchMock: ReturnType<typeof stub>) => String(callsTo(fetchMock, 'GET', '/api/athletes/?').at(-1)![0]);

describe('AthletesPage (issue 17, spec 2.7 /users/athletes)', () => {
  it('shows skeletons while loading, then each athlete with membership, phone, tags, flags, and a link to their record', async () => {
    let answer: ((r: Response) => void) | undefined;
    stub((url) => (url.startsWith('/api/athletes/?') ? new Promise<Response>((resolve) => (answer = resolve)) : undefined));
    renderPage();
    expect((await screen.findAllByTestId('skeleton-row')).length).toBeGreaterThan(0);
    await waitFor(() => expect(answer).toBeDefined());
    answer!(jsonResponse(pageOf([bea, carla])));
    const link = await screen.findByRole('link', { name: 'Carla Diaz' });
    expect(link.getAttribute('href')).toBe(`/users/athletes/${carla.athleteId}/overview`);
    const row = within(link.closest('tr') as HTMLElement);
    expect(row.getByText('Active')).toBeTruthy();
    expect(row.getByText('+1 312 555 0142')).toBeTruthy();
    expect(row.getByText('03/02/2026')).toBeTruthy();
    const beaRow = within(screen.getByRole('link', { name: 'Bea Archer' }).closest('tr') as HTMLElement);
    expect(beaRow.getByText('Trial')).toBeTruthy();
    expect(beaRow.getByText('Past due')).toBeTruthy();
    expect(beaRow.getByText('Competition team')).toBeTruthy();
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
  });

  it('asks the server again with each filter, the debounced search and the sort, from the first page', async () => {
    const fetchMock = stub();
    renderPage('/users/athletes?page=2');
    await screen.findByRole('link', { name: 'Carla Diaz' });
    expect(lastListUrl(fetchMock)).toBe('/api/athletes/?sort=name&order=asc&limit=25&offset=25');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Past-due bill' }));
    await waitFor(() => expect(lastListUrl(fetchMock)).toBe('/api/athletes/?pastDue=true&sort=name&order=asc&limit=25&offset=0'));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '(312) 555' } });
    await waitFor(() => expect(lastListUrl(fetchMock)).toContain(`search=${encodeURIComponent('(312) 555')}`));

    fireEvent.click(screen.getByRole('combobox', { name: 'Membership' }));
    fireEvent.click(await screen.findByRole('option', { name: 'On hold' }));
    await waitFor(() => expect(lastListUrl(fetchMock)).toContain('membershipState=on_hold'));

    fireEvent.click(screen.getByRole('combobox', { name: 'Last visit' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Not in 30 days' }));
    await waitFor(() => expect(lastListUrl(fetchMock)).toContain('lastVisitOlderThanDays=30'));

    fireEvent.click(screen.getByRole('combobox', { name: 'Tag' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Competition team (3)' }));
    await waitFor(() => expect(lastListUrl(fetchMock)).toContain(`tagId=${competition.tagId}`));

    fireEvent.click(screen.getByText('Archived'));
    await waitFor(() => expect(lastListUrl(fetchMock)).toContain('archived=true'));

    fireEvent.click(screen.getByRole('button', { name: /Last visit/ }));
    await waitFor(() => expect(lastListUrl(fetchMock)).toContain('sort=lastVisit&order=asc'));
  });

  it('adds a tag to the selected athletes through the bulk endpoint', async () => {
    const fetchMock = stub((url, init) => (url === '/api/athletes/bulk/tags/' && init.method === 'POST' ? jsonResponse({ changed: 2 }) : undefined));
    renderPage();
    await screen.findByRole('link', { name: 'Carla Diaz' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Carla Diaz' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bea Archer' }));
    const bar = within(screen.getByRole('region', { name: 'Selected athletes' }));
    expect(bar.getByText('2 selected')).toBeTruthy();
    fireEvent.click(bar.getByRole('button', { name: 'Add tag' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a tag to 2 athletes' }));
    fireEvent.click(dialog.getByRole('combobox', { name: 'Tag' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Competition team' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/athletes/bulk/tags/')).toHaveLength(1));
    const body = JSON.parse(callsTo(fetchMock, 'POST', '/api/athletes/bulk/tags/')[0]![1].body as string) as {
      athleteIds: string[];
      tagId: string;
      action: string;
    };
    expect(body).toEqual({ athleteIds: [carla.athleteId, bea.athleteId], tagId: competition.tagId, action: 'add' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected athletes' })).toBeNull());
  });

  it('emails the selection with a subject, a message and one key for retries', async () => {
    const fetchMock = stub((url, init) =>
      url === '/api/athletes/bulk/email/' && init.method === 'POST' ? jsonResponse({ queued: 1, skipped: 0 }) : undefined,
    );
    renderPage();
    await screen.findByRole('link', { name: 'Carla Diaz' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Carla Diaz' }));
    fireEvent.click(screen.getByRole('button', { name: 'Email' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Email 1 athlete' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Send email' }));
    expect(await dialog.findByText('Subject is required.')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Subject' }), { target: { value: 'Holiday hours' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Message' }), { target: { value: 'Closed Monday.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send email' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/athletes/bulk/email/')).toHaveLength(1));
    const body = JSON.parse(callsTo(fetchMock, 'POST', '/api/athletes/bulk/email/')[0]![1].body as string) as Record<string, unknown>;
    expect(body).toMatchObject({ athleteIds: [carla.athleteId], subject: 'Holiday hours', message: 'Closed Monday.' });
    expect(String(body.key).length).toBeGreaterThanOrEqual(8);
  });

  it('says what to do next with no athletes, "No results found" under a filter, and the spec 8 text when loading fails', async () => {
    stub((url) => (url.startsWith('/api/athletes/?') ? jsonResponse(pageOf([])) : undefined));
    const first = renderPage();
    expect(await screen.findByText(/No athletes yet\. Import your members from a CSV file/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add athlete' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Import' }).length).toBeGreaterThan(0);
    first.unmount();
    const second = renderPage('/users/athletes?pastDue=1');
    expect(await screen.findByText('No results found')).toBeTruthy();
    second.unmount();
    stub((url) => (url.startsWith('/api/athletes/?') ? jsonResponse({ message: 'boom', code: 'error' }, 500) : undefined));
    renderPage();
    expect(await screen.findByText('Something went wrong while fetching data!')).toBeTruthy();
  });

  it('exports the filtered set as the CSV file the server names', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const fetchMock = stub((url) =>
      url.startsWith('/api/athletes/export.csv')
        ? new Response('Name\r\n', {
            headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="athletes-iron-temple-barbell-2026-03-04.csv"' },
          })
        : undefined,
    );
    renderPage('/users/athletes?membership=active');
    await screen.findByRole('link', { name: 'Carla Diaz' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['athletes-iron-temple-barbell-2026-03-04.csv']));
    expect(String(callsTo(fetchMock, 'GET', '/api/athletes/export.csv')[0]![0])).toBe('/api/athletes/export.csv?membershipState=active&sort=name&order=asc');
  });
});
