import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, signInAsIronTempleAthlete, type Browser } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser | undefined;

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

type Focus = { kind: string; label: string; isVisible: boolean };

/**
 * What has the keyboard focus, and whether a person can see it (WCAG 2.4.7): an outline or a focus shadow on the
 * element, or, for a control whose input is hidden (a Switch), on what draws it beside the input.
 */
const focus = (page: Page): Promise<Focus> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { kind: 'body', label: '', isVisible: false };
    const shows = (node: Element | null) => {
      if (!node) return false;
      const s = getComputedStyle(node);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    };
    const drawnBeside = el.tagName === 'INPUT' && Number(getComputedStyle(el).opacity) === 0;
    const isVisible = shows(el) || (drawnBeside && Array.from(el.parentElement?.querySelectorAll('*') ?? []).some((n) => n !== el && shows(n)));
    const kind = el.getAttribute('role') ?? (el.tagName === 'INPUT' ? `input:${(el as HTMLInputElement).type}` : el.tagName.toLowerCase());
    const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40) ?? '';
    return { kind, label, isVisible };
  });

/** Tabs through the page `presses` times and answers every element the focus landed on. */
async function tabThrough(page: Page, presses: number): Promise<Focus[]> {
  const seen: Focus[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    seen.push(await focus(page));
  }
  return seen;
}

describe('visible keyboard focus on every kind of control (issue 34, item 3)', () => {
  it('the login page: the cursor starts in Email, and each link, input, checkbox and button shows its focus', async () => {
    browser = await launchBrowser({ width: 1280, height: 800 });
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    // Item 16: the login page puts the cursor in Email.
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('type') === 'email' || (document.activeElement as HTMLInputElement | null)?.name === 'email',
    );
    const seen = await tabThrough(page, 6);
    const invisible = seen.filter((f) => f.kind !== 'body' && !f.isVisible);
    expect(invisible, JSON.stringify(invisible)).toEqual([]);
    expect(seen.some((f) => f.kind === 'button')).toBe(true);
    expect(seen.some((f) => f.kind === 'a')).toBe(true);
  });

  it('the athlete schedule: the class cards (links drawn as cards) and the day buttons show their focus', async () => {
    browser = await launchBrowser({ width: 390, height: 844 });
    const { page } = browser;
    await signInAsIronTempleAthlete(page, baseUrl);
    await page.getByRole('list', { name: 'Classes' }).or(page.getByText('No classes on this day')).first().waitFor();
    // Tomorrow has classes all day (the seed's next two weeks).
    await page.getByRole('group', { name: 'Day' }).getByRole('button').nth(1).click();
    const card = page.getByRole('list', { name: 'Classes' }).getByRole('link').first();
    await card.waitFor();
    const seen = await tabThrough(page, 40);
    const invisible = seen.filter((f) => f.kind !== 'body' && !f.isVisible);
    expect(invisible, JSON.stringify(invisible)).toEqual([]);
    expect(seen.filter((f) => f.kind === 'a').length).toBeGreaterThan(2);
    expect(seen.some((f) => f.kind === 'button')).toBe(true);
  });
});
