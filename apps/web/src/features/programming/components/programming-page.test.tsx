import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Session, Workout, WorkoutsAnswer } from '@spotter/shared';
import { buildSession } from '../../../testing/factories';
import { render } from '../../../testing/render';
import { callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { ProgrammingPage } from './programming-page';

afterEach(() => vi.unstubAllGlobals());

const WOD = '11111111-1111-4111-8111-000000000001';
const OLY = '11111111-1111-4111-8111-000000000002';
const session: Session = buildSession({
  role: 'owner',
  gym: {
    gymId: '22222222-2222-4222-8222-222222222222',
    title: 'Iron Temple Barbell',
    stripeStatus: 'Active',
    stripeAccountType: 'standard',
    ghlV2Enabled: false,
  } as Session['gym'],
  profile: { profileId: '33333333-3333-4333-8333-333333333333' },
});

const workout = (o: Partial<Workout> = {}): Workout => ({
  workoutId: '44444444-4444-4444-8444-000000000001',
  classTypeId: WOD,
  date: '2026-03-04',
  title: 'Fran',
  content: '<h2>WOD</h2><p>21-15-9 <strong>thrusters</strong> and pull-ups</p>',
  updatedAt: '2026-03-03T15:00:00.000Z',
  updatedBy: 'Jordan Lee',
  ...o,
});

const week = (o: Partial<WorkoutsAnswer> = {}): WorkoutsAnswer => ({
  timeZone: 'America/Chicago',
  country: 'US',
  today: '2026-03-04',
  start: '2026-03-02',
  end: '2026-03-08',
  classTypes: [
    { classTypeId: WOD, name: 'CrossFit WOD', color: 'blue' },
    { classTypeId: OLY, name: 'Olympic Lifting', color: 'grape' },
  ],
  results: [
    workout(),
    workout({
      workoutId: '44444444-4444-4444-8444-000000000002',
      classTypeId: OLY,
      date: '2026-03-02',
      title: 'Snatch complex',
      content: '<p>Build to a heavy complex</p>',
    }),
  ],
  ...o,
});

const stubWeek = (answer: (url: string) => Response | undefined) =>
  stubFetch((url) => (url.includes('/api/workouts/') && !url.match(/workouts\/[0-9a-f-]{36}\//) ? answer(url) : undefined));

/** Wide screens get the grid (jsdom's matchMedia answers false, the list by day, unless told otherwise). */
function wideScreen() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('min-width') })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

const renderPage = (route = '/calendar/programming') => render(<ProgrammingPage />, { session, route });

describe('ProgrammingPage (spec 2.7 /calendar/programming)', () => {
  it('shows skeletons while loading, then the week by day with each class type and its workout', async () => {
    stubWeek(() => jsonResponse(week()));
    renderPage();
    expect(screen.getByLabelText('Loading the week').getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByText('Week of 03/02/2026 – 03/08/2026')).toBeTruthy();
    const wednesday = screen.getByRole('region', { name: 'Wednesday 03/04/2026' });
    expect(within(wednesday).getByText('Today')).toBeTruthy();
    const cell = within(wednesday).getByRole('button', { name: 'CrossFit WOD, Wednesday 03/04/2026: edit Fran' });
    expect(cell.textContent).toContain('WOD 21-15-9 thrusters and pull-ups');
    expect(within(wednesday).getByRole('button', { name: 'Olympic Lifting, Wednesday 03/04/2026: add workout' })).toBeTruthy();
    expect(screen.getAllByRole('region')).toHaveLength(7);
  });

  it('shows the grid of class types by the seven days on a wide screen', async () => {
    const restore = wideScreen();
    try {
      stubWeek(() => jsonResponse(week()));
      renderPage();
      const table = await screen.findByRole('table', { name: 'Workouts of the week' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Class type', 'Mon 03/02', 'Tue 03/03', 'Wed 03/04Today', 'Thu 03/05', 'Fri 03/06', 'Sat 03/07', 'Sun 03/08']);
      expect(
        within(table)
          .getAllByRole('rowheader')
          .map((h) => h.textContent),
      ).toEqual(['CrossFit WOD', 'Olympic Lifting']);
      expect(within(table).getByRole('button', { name: 'Olympic Lifting, Monday 03/02/2026: edit Snatch complex' })).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("asks for the gym's week first, then the previous and next weeks, and back to this week", async () => {
    const fetchMock = stubWeek((url) => {
      const start = new URL(url, 'http://x').searchParams.get('start');
      return jsonResponse(week(start ? { start, end: start, results: [] } : {}));
    });
    renderPage();
    await screen.findByText('Week of 03/02/2026 – 03/08/2026');
    expect(String(callsTo(fetchMock, 'GET', '/api/workouts/')[0]![0])).toMatch(/\/api\/workouts\/$/);
    expect(screen.getByRole('button', { name: 'This week' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next week →' }));
    expect(await screen.findByText('Week of 03/09/2026 – 03/15/2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '← Previous week' }));
    expect(await screen.findByText('Week of 03/02/2026 – 03/08/2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '← Previous week' }));
    expect(await screen.findByText('Week of 02/23/2026 – 03/01/2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'This week' }));
    expect(await screen.findByText('Week of 03/02/2026 – 03/08/2026')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', 'start=2026-03-09')).toHaveLength(1);
  });

  it("shows 'Error' when the week fails to load, and what to do when the gym has no class types", async () => {
    stubWeek(() => jsonResponse({ message: 'Boom', code: 'internal' }, 500));
    const { unmount } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error');
    expect(alert.textContent).toContain('Something went wrong while fetching data!');
    unmount();
    stubWeek(() => jsonResponse(week({ classTypes: [], results: [] })));
    renderPage();
    expect(await screen.findByText('No class types yet')).toBeTruthy();
  });
});

describe('the workout editor', () => {
  it("opens a day's workout in the editor, saves the changed title with the editor's HTML, and closes", async () => {
    const fetchMock = stubFetch((url, init) => {
      if (init.method === 'PUT') return jsonResponse({ workout: workout({ title: 'Fran (scaled)' }) });
      return url.includes('/api/workouts/') ? jsonResponse(week()) : undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'CrossFit WOD, Wednesday 03/04/2026: edit Fran' }));
    const dialog = await screen.findByRole('dialog', { name: 'CrossFit WOD · Wednesday 03/04/2026' });
    const editor = await within(dialog).findByRole('textbox', { name: 'Workout' });
    await waitFor(() => expect(editor.innerHTML).toContain('<strong>thrusters</strong>'));
    expect(editor.querySelector('h2')?.textContent).toBe('WOD');
    expect(within(dialog).getByText('Last saved 03/03/2026 9:00 AM by Jordan Lee')).toBeTruthy();
    for (const control of [
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Heading 1',
      'Heading 6',
      'Blockquote',
      'Bullet list',
      'Ordered list',
      'Link',
      'Align text: left',
      'Align text: center',
      'Align text: right',
      'Align text: justify',
      'Undo',
      'Redo',
    ]) {
      expect(within(dialog).getByRole('button', { name: control }), control).toBeTruthy();
    }
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Fran (scaled)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Workout saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'CrossFit WOD · Wednesday 03/04/2026' })).toBeNull());
    const [[url, init]] = callsTo(fetchMock, 'PUT', '/api/workouts/') as [[string, RequestInit]];
    expect(url).toBe('/api/workouts/');
    expect(JSON.parse(init.body as string)).toEqual({
      classTypeId: WOD,
      date: '2026-03-04',
      title: 'Fran (scaled)',
      content: '<h2>WOD</h2><p>21-15-9 <strong>thrusters</strong> and pull-ups</p>',
    });
  });

  it('keeps Save off for an empty new workout; copies another day in; saves it', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (init.method === 'PUT') return jsonResponse({ workout: workout({ classTypeId: OLY, date: '2026-03-04' }) });
      return url.includes('/api/workouts/') ? jsonResponse(week()) : undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Olympic Lifting, Wednesday 03/04/2026: add workout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Olympic Lifting · Wednesday 03/04/2026' });
    await within(dialog).findByRole('textbox', { name: 'Workout' });
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Copy from another day' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Olympic Lifting · Monday 03/02/2026 · Snatch complex' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false));
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Snatch complex');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Workout saved');
    const [[, init]] = callsTo(fetchMock, 'PUT', '/api/workouts/') as [[string, RequestInit]];
    expect(JSON.parse(init.body as string)).toEqual({
      classTypeId: OLY,
      date: '2026-03-04',
      title: 'Snatch complex',
      content: '<p>Build to a heavy complex</p>',
    });
  });

  it('deletes a workout after asking', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (init.method === 'DELETE') return jsonResponse({ detail: 'Workout deleted' });
      return url.includes('/api/workouts/') ? jsonResponse(week()) : undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'CrossFit WOD, Wednesday 03/04/2026: edit Fran' }));
    const dialog = await screen.findByRole('dialog', { name: 'CrossFit WOD · Wednesday 03/04/2026' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByText('Delete this workout? Athletes will no longer see it on their class page.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(callsTo(fetchMock, 'DELETE', '/api/workouts/')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete workout' }));
    expect(await screen.findByText('Workout deleted')).toBeTruthy();
    expect(String(callsTo(fetchMock, 'DELETE', '/api/workouts/')[0]![0])).toBe(`/api/workouts/${WOD}/2026-03-04/`);
  });

  it("shows the server's message when saving fails, and stays open", async () => {
    stubFetch((url, init) => {
      if (init.method === 'PUT') return jsonResponse({ message: 'This class type is archived; restore it first.', code: 'class_type_archived' }, 409);
      return url.includes('/api/workouts/') ? jsonResponse(week()) : undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'CrossFit WOD, Wednesday 03/04/2026: edit Fran' }));
    const dialog = await screen.findByRole('dialog', { name: 'CrossFit WOD · Wednesday 03/04/2026' });
    await within(dialog).findByRole('textbox', { name: 'Workout' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This class type is archived; restore it first.')).toBeTruthy();
    expect(screen.getByText('Saving the workout failed')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'CrossFit WOD · Wednesday 03/04/2026' })).toBeTruthy();
  });
});
