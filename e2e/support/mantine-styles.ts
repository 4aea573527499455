import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './server-process';

const require = createRequire(import.meta.url);
const MANTINE_CLASS = /\.(m_[0-9a-f]+)/g;

let known: Set<string> | undefined;

/** Every Mantine component class (`m_…`) that Mantine's full stylesheets give rules to. */
function mantineClassesWithRules(): Set<string> {
  if (known) return known;
  known = new Set();
  for (const sheet of ['@mantine/core/styles.css', '@mantine/dates/styles.css', '@mantine/notifications/styles.css', '@mantine/tiptap/styles.css']) {
    const css = fs.readFileSync(require.resolve(sheet, { paths: [path.join(REPO_ROOT, 'apps/web')] }), 'utf8');
    for (const match of css.matchAll(MANTINE_CLASS)) known.add(match[1]!);
  }
  return known;
}

/**
 * The web app loads Mantine's stylesheets per screen (decision 015): the first screens only the components they
 * draw. Returns the Mantine classes on the page whose rules are not loaded, i.e. components drawn unstyled.
 */
export async function unstyledMantineClasses(page: Page): Promise<string[]> {
  const { used, defined } = await page.evaluate(() => {
    const pattern = /\.(m_[0-9a-f]+)/g;
    const definedHere = new Set<string>();
    // A loop, not a nested function: the page runs this as written, without the bundler's helpers.
    const pending: CSSRule[] = [];
    for (const sheet of Array.from(document.styleSheets)) pending.push(...Array.from(sheet.cssRules));
    while (pending.length > 0) {
      const rule = pending.pop()!;
      if ('selectorText' in rule && typeof rule.selectorText === 'string') {
        for (const match of rule.selectorText.matchAll(pattern)) definedHere.add(match[1]!);
      }
      if ('cssRules' in rule && rule.cssRules) pending.push(...Array.from(rule.cssRules as CSSRuleList));
    }
    const usedHere = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class*="m_"]'))) {
      for (const name of Array.from(element.classList)) if (/^m_[0-9a-f]+$/.test(name)) usedHere.add(name);
    }
    return { used: [...usedHere], defined: [...definedHere] };
  });
  const withRules = mantineClassesWithRules();
  const loaded = new Set(defined);
  return used.filter((name) => withRules.has(name) && !loaded.has(name)).sort();
}
