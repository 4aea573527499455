import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { buildPlatformGym, pageOf } from '../testing/platform-factories';
import { GymsPage } from './gyms-page';
import { skeletonRowCount } from './platform-table';

const platformSession = buildSession({ role: 'kilo_staff', kiloStaff: { kiloStaffId: '55555555-5555-4555-8555-555555555555', isSalesTeam: false } });
const renderPage = () => render(<GymsPage />, { session: platformSession, route: '/gyms' });
const gymUrls = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/platform/gyms/'));

afterEach(() => vi.unstubAllGlobals());

describe('the gyms table (spec 2.6)', () => {
  it('shows skeleton rows at 42 px each while loading, then each gym with its country, owner, counts, status and date', async () => {
    let answer: (r: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage();
    expect(screen.getByRole('heading', { name: 'Gyms' })).toBeTruthy();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(skeletonRowCount(window.innerHeight));
    answer(
      jsonResponse(
        pageOf([
          buildPlatformGym(),
          buildPlatformGym({ title: 'Northside Strength', country: 'GB', owner: null, stripeStatus: 'Restricted', createdAt: '2025-03-04T12:00:00.000Z' }),
        ]),
      ),
    );
    const row = (await screen.findByRole('link', { name: 'Iron Temple Barbell' })).closest('tr') as HTMLElement;
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    for (const text of ['United States', 'Olivia Owner', 'owner@example.com', '118', '6', 'Active', '03/04/2025']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    // Issue 34 item 15: the athletes on file are not the dashboard's "Active members" (those with a membership).
    expect(screen.getByRole('columnheader', { name: 'Athletes (not archived)' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /active/i })).toBeNull();
    const uk = screen.getByRole('link', { name: 'Northside Strength' }).closest('tr') as HTMLElement;
    expect(within(uk).getByText('United Kingdom')).toBeTruthy();
    expect(within(uk).getByText('04/03/2025')).toBeTruthy();
    expect(within(uk).getByText('No owner')).toBeTruthy();
    expect(within(uk).getByRole('link', { name: 'Staff of Northside Strength' }).getAttribute('href')).toMatch(/^\/gyms\/.+\/staff$/);
  });

  it('computes skeleton rows from the room at 42 px per row, within 3 and the page size', () => {
    expect(skeletonRowCount(280 + 42 * 10)).toBe(10);
    expect(skeletonRowCount(300)).toBe(3);
    expect(skeletonRowCount(5000)).toBe(20);
  });

  it('searches after a 250 ms pause, from the first page', async () => {
    const fetchMock = stubFetch(() => jsonResponse(pageOf([buildPlatformGym()], 45)));
    renderPage();
    await screen.findByRole('link', { name: 'Iron Temple Barbell' });
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(gymUrls(fetchMock).at(-1)).toBe('/api/platform/gyms/?limit=20&offset=20'));
    const input = screen.getByRole('searchbox', { name: 'Search gyms' });
    fireEvent.change(input, { target: { value: 'ir' } });
    fireEvent.change(input, { target: { value: 'iron' } });
    expect(gymUrls(fetchMock).some((url) => url.includes('search='))).toBe(false);
    await waitFor(() => expect(gymUrls(fetchMock).at(-1)).toBe('/api/platform/gyms/?limit=20&offset=0&search=iron'));
    expect(gymUrls(fetchMock).filter((url) => url.includes('search=ir&') || url.endsWith('search=ir'))).toHaveLength(0);
  });

  it('pages by 20 and says which rows it shows', async () => {
    const fetchMock = stubFetch((url) =>
      jsonResponse(pageOf([buildPlatformGym({ title: url.includes('offset=40') ? 'Last Gym' : 'Iron Temple Barbell' })], 45)),
    );
    renderPage();
    expect(await screen.findByText('1–20 of 45')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: 'Last Gym' })).toBeTruthy();
    expect(screen.getByText('41–45 of 45')).toBeTruthy();
    expect(gymUrls(fetchMock)).toContain('/api/platform/gyms/?limit=20&offset=40');
  });

  it('says No results found when nothing matches', async () => {
    stubFetch(() => jsonResponse(pageOf([])));
    renderPage();
    expect(await screen.findByText('No results found')).toBeTruthy();
  });

  it('shows the Error alert when the list fails', async () => {
    stubFetch(() => jsonResponse({ message: 'boom', code: 'internal' }, 500));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeTruthy();
    expect(within(alert).getByText('Something went wrong while fetching data!')).toBeTruthy();
  });
});
