import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ScheduleClassAnswer, Session } from '@spotter/shared';
import { buildSession } from '../../../testing/factories';
import { render } from '../../../testing/render';
import { jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { ClassPage } from './class-page';

afterEach(() => vi.unstubAllGlobals());

const EVENT_ID = '55555555-5555-4555-8555-555555555555';
const session: Session = buildSession({
  role: 'athlete',
  gym: {
    gymId: '22222222-2222-4222-8222-222222222222',
    title: 'Iron Temple Barbell',
    stripeStatus: 'Active',
    stripeAccountType: 'standard',
    ghlV2Enabled: false,
  } as Session['gym'],
  profile: { profileId: '33333333-3333-4333-8333-333333333333' },
  athlete: { athleteId: '44444444-4444-4444-8444-444444444444' },
});

const answer = (workout: ScheduleClassAnswer['workout']): ScheduleClassAnswer => {
  const startsAt = new Date(Date.now() + 2 * 86_400_000);
  return {
    timeZone: 'America/Chicago',
    country: 'US',
    isTaxInclusive: false,
    workout,
    event: {
      eventId: EVENT_ID,
      kind: 'class',
      name: 'CrossFit WOD',
      color: 'blue',
      startDate: '2026-03-06',
      startTime: '06:00',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      duration: 60,
      capacity: 12,
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
    },
  };
};

const renderClass = (body: ScheduleClassAnswer) => {
  stubFetch((url) => (url.includes(`/api/schedule/${EVENT_ID}/`) ? jsonResponse(body) : undefined));
  return render(
    <Routes>
      <Route path="/classes/:eventId" element={<ClassPage />} />
    </Routes>,
    { session, route: `/classes/${EVENT_ID}` },
  );
};

describe('ClassPage: the workout of the day (issue 16 programming)', () => {
  it('shows the workout under a Workout heading, with its headings, bold and alignment, and nothing unsafe', async () => {
    renderClass(
      answer({
        title: 'Fran',
        content: '<h3 style="text-align: center">Warm-up</h3><p>21-15-9 <strong>thrusters</strong></p><img src=x onerror="alert(1)"><script>alert(2)</script>',
      }),
    );
    const section = await screen.findByRole('region', { name: 'Workout: Fran' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Workout: Fran' })).toBeTruthy();
    const warmUp = within(section).getByRole('heading', { level: 3, name: 'Warm-up' });
    expect(warmUp.style.textAlign).toBe('center');
    expect(within(section).getByText('thrusters').tagName).toBe('STRONG');
    expect(section.querySelector('img, script')).toBeNull();
  });

  it('shows no Workout section when the class has none', async () => {
    renderClass(answer(null));
    await screen.findByRole('heading', { level: 1, name: 'CrossFit WOD' });
    expect(screen.queryByRole('region', { name: /^Workout/ })).toBeNull();
  });
});

describe('ClassPage: a booking the one eligibility rule refuses (issue 18)', () => {
  it('says why where the athlete booked, with the way to buy a package', async () => {
    const { userEvent } = await import('@testing-library/user-event');
    const message = 'You need a package that covers this class to book it.';
    stubFetch((url, init) => {
      if (url.includes(`/api/schedule/${EVENT_ID}/`)) return jsonResponse(answer(null));
      if (url.includes('/api/athlete-kilo-classes/') && init.method === 'POST') return jsonResponse({ message, code: 'no_package' }, 409);
      return undefined;
    });
    render(
      <Routes>
        <Route path="/classes/:eventId" element={<ClassPage />} />
      </Routes>,
      { session, route: `/classes/${EVENT_ID}` },
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Book' }));
    const alert = await screen.findByRole('alert', { name: /A package is needed/ });
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Browse packages' }).getAttribute('href')).toBe('/packages/sales-portal');
  });
});
