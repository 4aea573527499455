import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { allowConsoleMessages, closeBannerIfShown, expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';
import { createDemoGym } from './support/demo-gyms';
import { startServer, type ServerProcess } from './support/server-process';

/**
 * Issue 5: a TIME_LIMITED demo's expiry is moved into the past in the database while its owner is working inside it.
 * This journey runs its own server on its own PGlite directory: the server is stopped, the expiry is changed through
 * PGlite directly, and the server is started again on the same port and data, so the owner's session survives.
 */
const JOURNEY_TIMEOUT_MS = 240_000;
let server: ServerProcess;
const browsers: Browser[] = [];

beforeAll(async () => {
  server = await startServer();
}, 120_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

async function moveDemoExpiryIntoThePast(dataDir: string, title: string) {
  const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: { btree_gist } });
  try {
    const result = await db.query(`update demo_gyms set expires_at = now() - interval '1 minute' where gym_id = (select id from gyms where title = $1)`, [
      title,
    ]);
    expect(result.affectedRows).toBe(1);
  } finally {
    await db.close();
  }
}

describe('demo expiry (issue 5)', () => {
  it(
    'a demo owner working inside the gym gets the Demo Period Expired dialog once its expiry has passed',
    async () => {
      const sales = await launchBrowser();
      browsers.push(sales);
      await sales.page.goto(`${server.url}/login`);
      await submitLogin(sales.page, 'sales@example.com');
      await sales.page.getByRole('heading', { name: 'Demo Gyms' }).waitFor();
      await closeBannerIfShown(sales.page, 20_000);
      const title = `Expiring Barbell ${Date.now().toString(36)}`;
      const credentials = await createDemoGym(sales.page, title, 'expiry');

      // The prospect, in a fresh browser profile, enters the demo and sees the bar with its countdown.
      const prospect = await launchBrowser();
      browsers.push(prospect);
      const owner = prospect.page;
      await owner.goto(`${server.url}/login`);
      await submitLogin(owner, credentials.email, credentials.password);
      await owner.getByRole('heading', { name: 'Select a profile' }).waitFor();
      await owner.getByRole('list', { name: 'Profiles' }).getByRole('listitem').filter({ hasText: title }).getByRole('button', { name: 'Select' }).click();
      const demoBar = owner.getByRole('status').filter({ hasText: 'Demo mode' });
      await demoBar.getByText('1d left').waitFor();
      expect(await demoBar.getByRole('progressbar', { name: 'Demo time left' }).count()).toBe(1);
      await closeBannerIfShown(owner, 20_000);

      // The clock moves past the expiry: the server is stopped, the expiry is moved, and the server comes back. A call
      // the open pages make while it is down fails in their consoles; that is the step's doing, not the app's.
      for (const page of [owner, sales.page]) allowConsoleMessages(page, /net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|EMPTY_RESPONSE)/);
      const port = server.port;
      const dataDir = server.dataDir;
      expect(await server.stop(), server.output().slice(-4000)).toBe(0);
      await moveDemoExpiryIntoThePast(dataDir, title);
      server = await startServer({ port, dataDir });

      // Without a reload: the next call inside the gym is refused, the app refetches the session and shows the dialog.
      // That refused read (403 demo_expired) is how the app learns of the expiry: its console line does not count.
      allowConsoleMessages(owner, /status of 403 .*\/api\//);
      await owner.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Kiosk' }).click();
      const dialog = owner.getByRole('dialog', { name: 'Demo Period Expired' });
      await dialog.getByText(`Your 48-hour demo access for ${title} has ended.`).waitFor({ timeout: 30_000 });
      await dialog.getByText('Expired', { exact: true }).waitFor();
      const endedLine = dialog.getByText(/^Ended /);
      await endedLine.waitFor();
      await dialog.getByRole('link', { name: 'Schedule a Call' }).waitFor();
      expect(await owner.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
      await expectNoAxeViolations(owner);
      await screenshot(owner, 'demo-expired-inside-the-gym');

      // Issue 23: the dialog and the console's list tell the one instant in the gym's zone (a US demo: New York,
      // 12-hour), with the zone named, and the list shows no countdown beside an expired demo.
      const ended = ((await endedLine.textContent()) ?? '').replace(/^Ended /, '');
      expect(ended).toMatch(/^\d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M E[SD]T$/);
      await sales.page.reload();
      await sales.page.getByRole('heading', { name: 'Demo Gyms' }).waitFor();
      await closeBannerIfShown(sales.page, 20_000);
      await sales.page.getByRole('searchbox', { name: 'Search demo gyms' }).fill(title);
      const row = sales.page.getByRole('row').filter({ has: sales.page.getByRole('link', { name: title }) });
      await row.getByText('expired', { exact: true }).waitFor();
      expect(await row.getByText(ended, { exact: true }).count()).toBe(1);
      expect(await row.getByText(/left$/).count()).toBe(0);
      await expectNoAxeViolations(sales.page);
      await screenshot(sales.page, 'demo-gyms-expired-row');

      // A reload keeps the owner out, and selecting the demo again opens the same dialog.
      await owner.reload();
      await dialog.getByText(`Your 48-hour demo access for ${title} has ended.`).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await owner.getByRole('list', { name: 'Profiles' }).getByRole('listitem').filter({ hasText: title }).getByRole('button', { name: 'Select' }).click();
      await dialog.getByText('Expired', { exact: true }).waitFor();
      const refused = await owner.request.get(`${server.url}/api/banners/`);
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe('demo_expired');
    },
    JOURNEY_TIMEOUT_MS,
  );
});
