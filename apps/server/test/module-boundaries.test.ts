import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { analyse } from '../../../scripts/module-graph.mjs';

/**
 * Issue 33 (item 7, decision 048): a server module uses another only through its index.ts, and no two modules depend
 * on each other, however indirectly. ESLint (`eslint.config.js`) refuses a deep import as it is typed;
 * scripts/module-graph.mjs, the second half of `npm run lint`, refuses deep imports (also dynamic ones) and cycles.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function boundaryProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.message.includes('index.ts')).map((m) => m.message);
}

describe('the server module boundary lint rule', () => {
  it("refuses another module's file, in a command and in a route file alike", async () => {
    const deep = `import { findUserById } from '../auth/auth.repository';\nexport { endSession } from '../auth/sessions.commands';\nexport const f = findUserById;\n`;
    expect(await boundaryProblems('apps/server/src/modules/athletes/example.commands.ts', deep)).toHaveLength(2);
    expect(await boundaryProblems('apps/server/src/modules/athletes/example.routes.ts', deep)).toHaveLength(2);
    expect(
      await boundaryProblems('apps/server/src/modules/athletes/example.test.ts', `import { x } from '../../modules/auth/credentials';\nexport { x };\n`),
    ).toHaveLength(1);
  }, 60_000);

  it("lets a module import another's index and its own files", async () => {
    const ok = `import { findUserById } from '../auth';\nimport { createAthletes } from './athletes.service';\nimport { db } from '../../db/client';\nexport const f = [findUserById, createAthletes, db];\n`;
    expect(await boundaryProblems('apps/server/src/modules/athletes/example.commands.ts', ok)).toEqual([]);
  }, 60_000);

  it("keeps a module's index.ts to re-exports", async () => {
    const [result] = await eslint.lintText(`export const x = 1;\n`, { filePath: path.join(root, 'apps/server/src/modules/athletes/index.ts') });
    expect(result!.messages.map((m) => m.message)).toContain("a module's index.ts only re-exports: `export { … } from './…'`.");
  }, 60_000);
});

describe('the module graph check', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'module-graph-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(tmp, file)), { recursive: true });
    fs.writeFileSync(path.join(tmp, file), text);
  };

  it('holds on the server today: every module has an index.ts, no deep import, no cycle', () => {
    const graph = analyse();
    expect(graph.modules.length).toBeGreaterThan(30);
    expect({ missingIndex: graph.missingIndex, deep: graph.deep, cycles: graph.sccs }).toEqual({ missingIndex: [], deep: [], cycles: [] });
  });

  it('finds a deep import (dynamic ones too), a cycle through three modules and a missing index.ts', () => {
    write('a/index.ts', `export { a } from './a.service';\n`);
    write('a/a.service.ts', `import { b } from '../b';\nexport const a = () => b;\n`);
    write('b/index.ts', `export { b } from './b.service';\n`);
    write('b/b.service.ts', `import type { C } from '../c';\nexport const b = (c: C) => c;\n`);
    write('c/index.ts', `export type C = string;\n`);
    write('c/c.service.ts', `export const load = () => import('../a/a.service');\n`);
    write('d/d.ts', `import { a } from '../a';\nexport const d = a;\n`);
    // A test is a leaf: it may import another module (through its index) without making a cycle.
    write('a/a.test.ts', `import { d } from '../d';\nexport const t = d;\n`);
    const graph = analyse(tmp);
    expect(graph.deep).toEqual([{ file: path.join('c', 'c.service.ts'), spec: '../a/a.service' }]);
    expect(graph.sccs).toEqual([['a', 'b', 'c']]);
    expect(graph.missingIndex).toEqual(['d']);
  });
});
