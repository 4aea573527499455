import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bannerMessages, type GymBanner, type Session } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { bodyOf, callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { BannersSection, windowText } from './banners-section';

afterEach(() => vi.unstubAllGlobals());

const GYM_ID = '22222222-2222-4222-8222-222222222222';
const session = (): Session =>
  buildSession({
    role: 'owner',
    gym: { gymId: GYM_ID, title: 'Iron Temple', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
  });
const gym = {
  gymId: GYM_ID,
  title: 'Iron Temple',
  email: null,
  profilePicture: null,
  country: 'GB',
  timeZone: 'Europe/London',
  isTaxInclusive: true,
  eventSettings: { classes: { taxRate: null } },
};

const banner = (o: Partial<GymBanner> = {}): GymBanner => ({
  bannerId: '77777777-7777-4777-8777-000000000001',
  title: 'Open gym on Sunday',
  message: '<p>Come and <strong>lift</strong></p>',
  audiences: ['gym_staff', 'athletes'],
  startsAt: '2026-03-08T09:00:00.000Z',
  endsAt: null,
  state: 'scheduled',
  createdAt: '2026-03-04T20:00:00.000Z',
  updatedAt: '2026-03-04T20:00:00.000Z',
  ...o,
});
const page = (results: GymBanner[]) => ({ count: results.length, next: null, previous: null, results });

describe('the Banners section', { timeout: 60_000 }, () => {
  it('lists the gym’s banners with their state and window in the gym’s zone, and filters by state', async () => {
    const fetchMock = stubFetch((url) => {
      if (url.startsWith('/api/gyms/')) return jsonResponse(gym);
      if (url.startsWith('/api/gym-banners/?state=ended'))
        return jsonResponse(page([banner({ bannerId: '77777777-7777-4777-8777-000000000003', title: 'Old news', state: 'ended' })]));
      if (url.startsWith('/api/gym-banners/'))
        return jsonResponse(
          page([
            banner(),
            banner({
              bannerId: '77777777-7777-4777-8777-000000000002',
              title: 'Staff meeting',
              audiences: ['gym_staff'],
              startsAt: null,
              endsAt: '2026-03-10T18:00:00.000Z',
              state: 'showing',
            }),
          ]),
        );
      return undefined;
    });
    render(<BannersSection />, { session: session(), route: '/gym-settings' });
    const list = await screen.findByRole('list', { name: 'Banners' });
    const sunday = within(list).getByRole('listitem', { name: 'Open gym on Sunday' });
    expect(within(sunday).getByText('Scheduled')).toBeTruthy();
    expect(within(sunday).getByText(/From 08\/03\/2026 09:00 until ended · For staff and owners and athletes/)).toBeTruthy();
    const meeting = within(list).getByRole('listitem', { name: 'Staff meeting' });
    expect(within(meeting).getByText('Showing')).toBeTruthy();
    expect(within(meeting).getByText(/From creation until 10\/03\/2026 18:00 · For staff and owners/)).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Ended' }));
    const ended = await screen.findByRole('listitem', { name: 'Old news' });
    // An ended banner is neither edited nor ended again.
    expect(within(ended).queryByRole('button', { name: /Edit|End/ })).toBeNull();
    expect(callsTo(fetchMock, 'GET', 'state=ended')).toHaveLength(1);
  });

  it('says what to do when there is none yet', async () => {
    stubFetch((url) => (url.startsWith('/api/gyms/') ? jsonResponse(gym) : url.startsWith('/api/gym-banners/') ? jsonResponse(page([])) : undefined));
    render(<BannersSection />, { session: session(), route: '/gym-settings' });
    expect(await screen.findByText(/No banners yet. Use New banner/)).toBeTruthy();
  });

  it('shows the fetch failure text', async () => {
    stubFetch((url) =>
      url.startsWith('/api/gyms/') ? jsonResponse(gym) : url.startsWith('/api/gym-banners/') ? jsonResponse({ message: 'Boom', code: 'x' }, 500) : undefined,
    );
    render(<BannersSection />, { session: session(), route: '/gym-settings' });
    expect(await screen.findByText('Something went wrong while fetching data!')).toBeTruthy();
  });

  it('creates a banner: checks the fields first with the server’s messages, then posts it', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url.startsWith('/api/gyms/')) return jsonResponse(gym);
      if (url === '/api/gym-banners/' && init.method === 'POST') return jsonResponse(banner({ state: 'showing', startsAt: null }), 201);
      if (url.startsWith('/api/gym-banners/')) return jsonResponse(page([]));
      return undefined;
    });
    render(<BannersSection />, { session: session(), route: '/gym-settings' });
    await screen.findByText(/No banners yet/);
    fireEvent.click(screen.getByRole('button', { name: 'New banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'New banner' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Staff and owners' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Athletes' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(bannerMessages.titleRequired)).toBeTruthy();
    expect(within(dialog).getByText(bannerMessages.messageRequired)).toBeTruthy();
    expect(within(dialog).getByText(bannerMessages.audiencesRequired)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/gym-banners/')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'Open gym on Sunday' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Athletes' }));
    const editor = within(dialog).getByRole('textbox', { name: 'Message' });
    editor.innerHTML = '<p>Come and lift</p>';
    fireEvent.input(editor);
    await waitFor(() => expect(within(dialog).queryByText(bannerMessages.messageRequired)).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/gym-banners/')).toHaveLength(1));
    expect(bodyOf(fetchMock, '/api/gym-banners/')).toEqual({
      title: 'Open gym on Sunday',
      message: expect.stringContaining('Come and lift'),
      audiences: ['athletes'],
      startsAt: null,
      endsAt: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New banner' })).toBeNull());
  });

  it('shows the server’s field error on an edit', async () => {
    stubFetch((url, init) => {
      if (url.startsWith('/api/gyms/')) return jsonResponse(gym);
      if (init.method === 'PUT')
        return jsonResponse({ message: bannerMessages.endInPast, code: 'validation_error', fields: { endsAt: [bannerMessages.endInPast] } }, 400);
      if (url.startsWith('/api/gym-banners/')) return jsonResponse(page([banner()]));
      return undefined;
    });
    render(<BannersSection />, { session: session(), route: '/gym-settings' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Open gym on Sunday' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit banner' });
    expect((within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Open gym on Sunday');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(bannerMessages.endInPast)).toBeTruthy();
  });

  it('ends a banner after confirming', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url.startsWith('/api/gyms/')) return jsonResponse(gym);
      if (url.endsWith('/end/') && init.method === 'POST') return jsonResponse({ detail: 'Banner ended.' });
      if (url.startsWith('/api/gym-banners/')) return jsonResponse(page([banner({ state: 'showing' })]));
      return undefined;
    });
    render(<BannersSection />, { session: session(), route: '/gym-settings' });
    fireEvent.click(await screen.findByRole('button', { name: 'End Open gym on Sunday' }));
    const dialog = await screen.findByRole('dialog', { name: 'End banner' });
    expect(callsTo(fetchMock, 'POST', '/end/')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'End banner' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `/api/gym-banners/${banner().bannerId}/end/`)).toHaveLength(1));
    expect(await screen.findByText(bannerMessages.ended)).toBeTruthy();
  });

  it('words the window', () => {
    expect(windowText({ startsAt: null, endsAt: null }, 'America/Chicago', 'US')).toBe('From creation until ended');
    expect(windowText({ startsAt: '2026-03-05T15:00:00.000Z', endsAt: '2026-03-06T00:30:00.000Z' }, 'America/Chicago', 'US')).toBe(
      'From 03/05/2026 9:00 AM until 03/05/2026 6:30 PM',
    );
  });
});
