import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBannerIfShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';
import { capturedMailNames, waitForMail } from './support/mail';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
let browser: Browser | undefined;

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const DEMO_ATHLETE = 'athlete@example.com';

type Settings = {
  gymId: string;
  title: string;
  email: string;
  profilePicture: string | null;
  emailIdentity: { senderName: string | null; replyTo: string | null; fromAddress: string };
};

async function signIn(page: Page, email: string) {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, email);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  await closeBannerIfShown(page);
}

/** Closes the notifications shown so far, so a screenshot shows the screen. */
async function clearNotifications(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) {
    // One may close by itself between the count and the click.
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
}

/** A call of the API with the page's session and CSRF token (as the web app sends it). */
async function api(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  return page.request.fetch(`${baseUrl}${path}`, {
    method,
    ...(body === undefined ? {} : { data: body as object }),
    headers: { 'x-csrftoken': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  });
}
async function apiJson<T>(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const res = await api(page, method, path, body);
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A gym-local date some days from now (the kiosk's day list), as YYYY-MM-DD. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type KioskEvent = {
  eventId: string;
  eventType: string;
  startsAt: string;
  capacity: number;
  attendeeCount: number;
  athleteKiloClasses: { athlete: { athleteId: string } }[];
};

/**
 * Staff book the demo athlete into a class still to come that has room and does not hold them yet (spec 4: the front
 * desk books for an athlete): the booking confirmation (`class_booked`) goes to the athlete. Answers the reservation.
 */
async function bookDemoAthlete(page: Page): Promise<string> {
  const athletes = await apiJson<{ results: { athleteId: string; email: string | null }[] }>(
    page,
    'GET',
    `/api/athletes/?search=${encodeURIComponent(DEMO_ATHLETE)}&limit=10&offset=0`,
  );
  const athleteId = athletes.results.find((a) => a.email?.toLowerCase() === DEMO_ATHLETE)!.athleteId;
  for (const days of [1, 2, 3, 4, 5, 6, 7]) {
    const day = await apiJson<{ results: KioskEvent[] }>(page, 'GET', `/api/events/kiosk-events/?eventType=class&date=${dayFromNow(days)}&limit=100&offset=0`);
    const open = day.results.find(
      (e) =>
        Date.parse(e.startsAt) > Date.now() + 3_600_000 && e.attendeeCount < e.capacity && !e.athleteKiloClasses.some((r) => r.athlete.athleteId === athleteId),
    );
    if (!open) continue;
    const reservation = await apiJson<{ athleteKiloClassId: string }>(page, 'POST', '/api/athlete-kilo-classes/', {
      kiloClass: open.eventId,
      athlete: athleteId,
      isReserved: true,
      isCheckedIn: false,
    });
    return reservation.athleteKiloClassId;
  }
  throw new Error('No class of the coming week has room for the demo athlete');
}

/** A caught mail's whole text: the quoted-printable decoding of waitForMail, plus any base64 parts decoded. */
function readableMail(raw: string): string {
  const parts = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi)].map((m) =>
    Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  return [raw, ...parts].join('\n');
}

describe('gym settings (issue 22)', () => {
  it('an owner opens Settings from the user menu, changes the logo, sender name and reply-to; a booking confirmation comes from them', async () => {
    browser = await launchBrowser({ width: 1280, height: 800 });
    const { page } = browser;
    await signIn(page, 'owner@example.com');
    const before = await apiJson<Settings>(page, 'GET', '/api/gym-settings/');

    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL(`${baseUrl}/gym-settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await closeBannerIfShown(page, 2_000);
    const identity = page.getByRole('form', { name: 'Email identity' });
    await identity.waitFor();
    await page.getByRole('navigation', { name: 'Settings sections' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'gym-settings-page');

    const senderName = `Iron Temple Desk ${Date.now() % 10000}`;
    const replyTo = 'frontdesk.journey@example.com';
    let reservationId: string | null = null;
    try {
      // The logo (the gym's profile picture).
      await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
      await page.getByText('Profile picture upload success').waitFor();
      await page.getByRole('img', { name: /^Logo of / }).waitFor();

      // The email identity, with the From line it makes.
      await identity.getByRole('textbox', { name: /Sender name/ }).fill(senderName);
      await identity.getByRole('textbox', { name: /Reply-to email/ }).fill(replyTo);
      await identity.getByText(`"${senderName}" <${before.emailIdentity.fromAddress}>`).waitFor();
      await identity.getByRole('button', { name: 'Save email identity' }).click();
      await page.getByText('Settings saved').waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, 'gym-settings-email-identity-saved');
      await clearNotifications(page);

      const after = await apiJson<Settings>(page, 'GET', '/api/gym-settings/');
      expect(after.emailIdentity).toMatchObject({ senderName, replyTo });
      expect(after.profilePicture).toBeTruthy();
      // Spec 2.2: the profile cards show the gym's logo.
      const session = await apiJson<{ user: { userId: string } }>(page, 'GET', '/api/auth/session/');
      const profiles = await apiJson<{ results: { gymTitle: string; gymLogo: string | null }[] }>(
        page,
        'GET',
        `/api/profiles/?user=${session.user.userId}&login_enabled=true&include_linked=false&limit=20&offset=0`,
      );
      expect(profiles.results.find((p) => p.gymTitle === after.title)?.gymLogo).toBe(after.profilePicture);

      // A booking confirmation to the demo athlete goes out under the new identity, with the logo in its header.
      const seen = capturedMailNames(mailDir);
      reservationId = await bookDemoAthlete(page);
      const mail = readableMail(await waitForMail(mailDir, DEMO_ATHLETE, seen, 30_000));
      expect(mail).toMatch(new RegExp(`^From: "?${senderName}"? <${before.emailIdentity.fromAddress.replace(/[.]/g, '\\.')}>`, 'm'));
      expect(mail).toMatch(new RegExp(`^Reply-To: ${replyTo.replace(/[.]/g, '\\.')}`, 'm'));
      expect(mail).toContain(`<img src="${baseUrl}${after.profilePicture}"`);
    } finally {
      if (reservationId) expect((await api(page, 'DELETE', `/api/athlete-kilo-classes/${reservationId}/`)).status()).toBe(200);
      // Put the identity back (a gym that had none keeps its title and email as name and reply-to). The logo stays:
      // there is no way to remove one (spec 7.2), and the seed gives none, so other journeys see no difference.
      await apiJson(page, 'PUT', '/api/gym-settings/email-identity/', {
        senderName: before.emailIdentity.senderName ?? before.title,
        replyTo: before.emailIdentity.replyTo ?? (before.email || 'owner@example.com'),
      });
    }
  });

  it('on a narrow window the sections stack without the section nav, each still saving on its own', async () => {
    // Spec 2.8: /gym-settings is not one of the phone routes (below 48em); just above it, the desktop layout stacks.
    browser = await launchBrowser({ width: 800, height: 1000 });
    const { page } = browser;
    await signIn(page, 'owner@example.com');
    await page.goto(`${baseUrl}/gym-settings`);
    await closeBannerIfShown(page, 3_000);
    const kiosk = page.getByRole('form', { name: 'Kiosk' });
    await kiosk.waitFor();
    expect(await page.getByRole('navigation', { name: 'Settings sections' }).isVisible()).toBe(false);
    // Saving the kiosk section as it is keeps the gym's kiosk as it was (nothing to restore).
    await kiosk.getByRole('button', { name: 'Save kiosk' }).click();
    await page.getByText('Settings saved').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'gym-settings-narrow');
  });

  it('staff without GymMutate see no Settings in the user menu, and the settings API refuses them', async () => {
    browser = await launchBrowser({ width: 1280, height: 800 });
    const { page } = browser;
    await signIn(page, 'staff@example.com');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Account Details' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Settings' }).count()).toBe(0);
    await screenshot(page, 'gym-settings-staff-menu');
    await page.keyboard.press('Escape');
    // (axe on the screen itself: an open Mantine menu's divider is a known presentation child of the menu.)
    await expectNoAxeViolations(page);

    expect((await api(page, 'GET', '/api/gym-settings/')).status()).toBe(403);
    expect((await api(page, 'PUT', '/api/gym-settings/email-identity/', { senderName: 'Not Allowed', replyTo: 'no@example.com' })).status()).toBe(403);
    expect(
      (
        await api(page, 'PUT', '/api/gym-settings/kiosk/', {
          athleteModeShowsAppointments: true,
          athleteModeShowsPhotos: true,
          athleteModeShowsEligible: true,
          allowWalkInsWithoutPackage: true,
        })
      ).status(),
    ).toBe(403);

    // The page itself is not theirs: its address falls back to their home screen.
    await page.goto(`${baseUrl}/gym-settings`);
    await closeBannerIfShown(page, 3_000);
    expect(await page.getByRole('heading', { name: 'Settings', level: 1 }).count()).toBe(0);
  });
});
