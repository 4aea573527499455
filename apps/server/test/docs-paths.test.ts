import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * Issue 33 (item 9): the docs say only what the code does. Every file a document names in backticks (README.md,
 * bench/README.md, docs/architecture.md, the decisions) exists in the repository, unless the text right after it says
 * it has since moved, been merged or removed (a decision's history). A renamed or deleted file fails this test until
 * the docs that name it are amended. Every decision carries a `Status:` line (accepted, amended by, superseded by).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const documents = [
  'README.md',
  'bench/README.md',
  'docs/architecture.md',
  'docs/domains.md',
  ...fs
    .readdirSync(path.join(root, 'docs/decisions'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/decisions/${f}`),
];
/** Made by a run, not kept in git: the web build, the bench's results, a file inside the gym's export ZIP. */
const generated = new Set(['apps/web/dist', 'bench/results/latest.json', 'export.json']);
const fileName = /`([^`\s*{}<>]+\.(?:tsx?|md|json|sql|ya?ml|mjs|js|css|html))`/g;
const history = /^[\s,(]*since (?:moved|merged|removed|renamed)/;

function tracked(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
}

/** A package's own file (`@mantine/core/styles.css`, `ipaddr.js`) names a dependency, not a file of ours. */
function isDependency(name: string): boolean {
  const first = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
  return fs.existsSync(path.join(root, 'node_modules', first!));
}

describe('the docs name only files that exist', () => {
  const files = tracked();
  it.each(documents)('%s', (doc) => {
    const text = fs.readFileSync(path.join(root, doc), 'utf8');
    const missing: string[] = [];
    for (const m of text.matchAll(fileName)) {
      const name = m[1]!;
      if (name.startsWith('../') || generated.has(name)) continue;
      if (history.test(text.slice(m.index! + m[0].length, m.index! + m[0].length + 40))) continue;
      if (files.some((f) => f === name || f.endsWith(`/${name}`))) continue;
      if (isDependency(name)) continue;
      missing.push(name);
    }
    expect(missing, `${doc} names files that do not exist; amend it`).toEqual([]);
  });

  it.each(documents.filter((d) => d.startsWith('docs/decisions/')))('%s carries a Status line', (doc) => {
    expect(fs.readFileSync(path.join(root, doc), 'utf8')).toMatch(/^Status: \S/m);
  });

  it('catches a file that does not exist', () => {
    const name = 'apps/server/src/modules/nowhere/gone.ts';
    expect(files.some((f) => f === name || f.endsWith(`/${name}`)) || isDependency(name)).toBe(false);
  });
});
