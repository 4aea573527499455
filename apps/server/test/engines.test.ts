import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * Issue 23 (8): a clean `npm ci` on the Node the project targets prints no engine warning. Every package the lock
 * installs must accept the lowest Node that the root `engines` allows (cookie 2 and content-disposition 3 asked for
 * Node 22; the root package.json overrides them with cookie 1.1.1 and content-disposition 2.0.1, the same API).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8'));

describe('engines', () => {
  const root = read('package.json') as { engines: { node: string } };
  const lowest = semver.minVersion(root.engines.node)!.version;
  const lock = read('package-lock.json') as { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };

  it('the lowest Node the project allows is the one this machine and CI run', () => {
    expect(lowest).toBe('20.19.0');
    expect(semver.satisfies(process.version, root.engines.node)).toBe(true);
  });

  it('every locked package accepts that Node', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(lowest, (p.engines as { node: string }).node, { includePrerelease: true }))
      .map(([name, p]) => `${name.replace(/^.*node_modules\//, '')}@${p.version} (node ${(p.engines as { node: string }).node})`);
    expect(refusing).toEqual([]);
  });
});
