import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CalendarFeedStatus, Session } from '@spotter/shared';
import { buildSession } from '../../../testing/factories';
import { render } from '../../../testing/render';
import { callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { IntegrationPage } from './integration-page';

afterEach(() => vi.unstubAllGlobals());

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
const none: CalendarFeedStatus = { timeZone: 'America/Chicago', country: 'US', isLive: false, createdAt: null, lastFetchedAt: null };
const live: CalendarFeedStatus = { ...none, isLive: true, createdAt: '2026-03-04T20:30:00.000Z', lastFetchedAt: '2026-03-05T14:05:00.000Z' };
const URL_1 = 'http://localhost:3000/api/calendar-feeds/first-token/calendar.ics';
const URL_2 = 'http://localhost:3000/api/calendar-feeds/second-token/calendar.ics';

/** The server as the card sees it: the status, and a new link on each POST. */
function stubFeed(start: CalendarFeedStatus) {
  let status = start;
  let made = 0;
  return stubFetch((url, init) => {
    if (!url.includes('/api/calendar-feeds/mine/')) return undefined;
    if (init.method === 'POST') {
      made += 1;
      status = { ...live, createdAt: '2026-03-06T12:00:00.000Z', lastFetchedAt: null };
      return jsonResponse({ ...status, url: made === 1 ? URL_1 : URL_2 }, 201);
    }
    if (init.method === 'DELETE') {
      status = none;
      return jsonResponse(none);
    }
    return jsonResponse(status);
  });
}

describe('the calendar link (issue 16 /calendar/integration)', () => {
  it('creates a link and shows its URL once, read-only, with Copy and the subscribe instructions', async () => {
    const fetchMock = stubFeed(none);
    render(<IntegrationPage />, { session });
    expect(screen.getByLabelText('Loading your calendar link')).toBeTruthy();
    expect(await screen.findByText('You have no calendar link.')).toBeTruthy();
    expect(screen.getByText('Google Calendar', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('Apple Calendar', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('Outlook', { selector: 'strong' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create my calendar link' }));
    const field = (await screen.findByLabelText('Your calendar link')) as HTMLInputElement;
    expect(field.value).toBe(URL_1);
    expect(field.readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in my calendar app' }).getAttribute('href')).toBe(
      'webcal://localhost:3000/api/calendar-feeds/first-token/calendar.ics',
    );
    expect(await screen.findByText('Calendar link created')).toBeTruthy();
    expect(await screen.findByText('Your calendar link works since 03/06/2026 6:00 AM.')).toBeTruthy();
    expect(screen.getByText('No calendar app has fetched it yet.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/calendar-feeds/mine/')).toHaveLength(1);
  });

  it('regenerates only after the warning that the old link stops working, and shows the new URL', async () => {
    const fetchMock = stubFeed(live);
    render(<IntegrationPage />, { session });
    expect(await screen.findByText('Your calendar link works since 03/04/2026 2:30 PM.')).toBeTruthy();
    expect(screen.getByText('A calendar app last fetched it 03/05/2026 8:05 AM.')).toBeTruthy();
    expect(screen.queryByLabelText('Your calendar link')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate your calendar link?' });
    expect(dialog.textContent).toContain('The old link stops working');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST', '/api/calendar-feeds/mine/')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate link' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Regenerate your calendar link?' })).getByRole('button', { name: 'Regenerate link' }));
    expect(((await screen.findByLabelText('Your calendar link')) as HTMLInputElement).value).toBe(URL_1);
    expect(await screen.findByText('Calendar link regenerated: the old link no longer works')).toBeTruthy();
  });

  it('revokes after asking; the link and its URL are gone', async () => {
    const fetchMock = stubFeed(live);
    render(<IntegrationPage />, { session });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Revoke your calendar link?' })).getByRole('button', { name: 'Revoke link' }));
    expect(await screen.findByText('Calendar link revoked')).toBeTruthy();
    expect(await screen.findByText('You have no calendar link.')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE', '/api/calendar-feeds/mine/')).toHaveLength(1);
  });

  it("shows 'Error' when the status fails to load", async () => {
    stubFetch((url) => (url.includes('/api/calendar-feeds/mine/') ? jsonResponse({ message: 'Boom', code: 'internal' }, 500) : undefined));
    render(<IntegrationPage />, { session });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong while fetching data!');
  });
});
