import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, screenshot, submitLogin, type Browser } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser | undefined;

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** The banner modal, closed with Escape: the keyboard alone. */
async function closeBannersByKeyboard(page: Page) {
  for (let i = 0; i < 2; i++) {
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Do Not Show Again' }) });
    const shown = await dialog.waitFor({ timeout: i === 0 ? 10_000 : 3_000 }).then(
      () => true,
      () => false,
    );
    if (!shown) return;
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }
}

/** What has the focus: its tag, accessible text and href. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      text: (el?.textContent ?? '').trim(),
      href: el?.getAttribute('href') ?? null,
      expanded: el?.getAttribute('aria-expanded') ?? null,
    };
  });

/** Presses Tab until the focus is on the element with this text (at most 80 presses), and answers what it is. */
async function tabTo(page: Page, text: string) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now.text === text) return now;
  }
  throw new Error(`Tab never reached "${text}"`);
}

type MenuEntry = { label: string; to?: string; children?: { label: string; to: string }[] };

/** The side menu as the page draws it: its links, and its groups with their pages (read from the DOM, not clicked). */
async function readMenu(page: Page): Promise<MenuEntry[]> {
  return page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="Main navigation"]')!;
    const entries: MenuEntry[] = [];
    const controlled = new Set(Array.from(nav.querySelectorAll('button[aria-controls]')).map((b) => b.getAttribute('aria-controls')));
    for (const el of Array.from(nav.querySelectorAll<HTMLElement>('a, button'))) {
      const label = (el.textContent ?? '').trim();
      const holder = el.parentElement?.closest<HTMLElement>('div[id]');
      if (el.tagName === 'BUTTON') entries.push({ label, children: [] });
      else if (holder && controlled.has(holder.id)) entries[entries.length - 1]!.children!.push({ label, to: el.getAttribute('href')! });
      else entries.push({ label, to: el.getAttribute('href')! });
    }
    return entries;
  });
}

describe('every menu page by keyboard alone (issue 23)', () => {
  it('desktop: Tab reaches every link and group of the side menu; Enter opens a group and each of its pages', async () => {
    browser = await launchBrowser({ width: 1280, height: 900 }, { keepBanners: true });
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, 'owner@example.com');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await closeBannersByKeyboard(page);

    // Who is signed in: the profile's name and initials, the email under it (issue 23, item 6).
    const userMenu = page.getByRole('button', { name: /^User menu for/ });
    expect(await userMenu.getAttribute('aria-label')).toBe('User menu for Marcus Reyes (owner@example.com)');
    expect(
      (await userMenu.innerText())
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    ).toEqual(['MR', 'Marcus Reyes', 'owner@example.com']);
    await screenshot(page, 'header-desktop');

    const menu = await readMenu(page);
    const groups = menu.filter((e) => e.children);
    expect(groups.map((g) => g.label)).toEqual(expect.arrayContaining(['Calendar', 'Products', 'Users', 'Events', 'Documents', 'Payroll', 'Notifications']));
    let visited = 0;
    for (const entry of menu) {
      if (entry.to) {
        await tabTo(page, entry.label);
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === entry.to);
        visited++;
        continue;
      }
      const group = await tabTo(page, entry.label);
      expect(group.tag, `${entry.label} is a button`).toBe('button');
      expect(group.expanded).toBe('false');
      await page.keyboard.press('Enter');
      expect((await focused(page)).expanded).toBe('true');
      for (const child of entry.children!) {
        const reached = await tabTo(page, child.label);
        expect(reached.href).toBe(child.to);
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === child.to);
        visited++;
      }
    }
    expect(visited).toBeGreaterThanOrEqual(20);
    await expectNoAxeViolations(page);
    await screenshot(page, 'menu-desktop-all-open');
  });

  it('phone: Tab reaches every tab of the bottom menu and Enter opens its page; the kiosk tabs stay on one row', async () => {
    browser = await launchBrowser({ width: 390, height: 844 }, { keepBanners: true });
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, 'owner@example.com');
    const tabs = page.getByRole('navigation', { name: 'Mobile navigation' });
    await tabs.waitFor();
    await closeBannersByKeyboard(page);
    await screenshot(page, 'header-phone');
    const expected = { Dashboard: '/dashboard', Athletes: '/athletes', Schedule: '/', Products: '/products', Account: '/account' };
    await page.locator('body').focus();
    for (const [label, to] of Object.entries(expected)) {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const reached = await tabTo(page, label);
      expect(reached.href).toBe(to);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === to);
    }
    await expectNoAxeViolations(page);

    // Issue 23, item 5: the kiosk event page's tabs on one row at 390 px.
    await page.goto(`${baseUrl}/kiosk`);
    await closeBannersByKeyboard(page);
    const card = page.locator('[data-timing="ongoing"]').first();
    await card.waitFor();
    await card.click();
    const tabRow = page.getByRole('tab');
    await page.getByRole('tab', { name: /^Eligible/ }).waitFor();
    const ys = await Promise.all((await tabRow.all()).map(async (t) => Math.round((await t.boundingBox())!.y)));
    expect(ys).toHaveLength(3);
    expect(new Set(ys).size).toBe(1);
    await screenshot(page, 'kiosk-tabs-390');
  });
});
