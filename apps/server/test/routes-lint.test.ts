import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue 33 (item 4): routes are thin adapters. The lint rule of `eslint.config.js` for `apps/server/src/**\/*.routes.ts`
 * refuses a table import, a write statement and a transaction in a route file; the same code in a command file passes.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => `${m.ruleId}: ${m.message}`);
}

const write = `import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notes } from '../../db/schema';
import { writeTransaction, type WriteContext } from '../../lib/changes';

export async function removeNote(db: Db, ctx: WriteContext, id: string) {
  await db.delete(notes).where(eq(notes.id, id));
  await db.transaction(async (tx) => tx.update(notes).set({ title: '' }).where(eq(notes.id, id)));
  await writeTransaction(ctx, async (tx) => tx.insert(notes).values([]));
}
`;

describe('the routes lint rule', () => {
  it('refuses db/schema imports, writeTransaction and insert/update/delete/transaction calls in a route file', async () => {
    const found = await problems('apps/server/src/modules/athletes/example.routes.ts', write);
    expect(found.filter((m) => m.includes('never the tables'))).toHaveLength(1);
    expect(found.filter((m) => m.includes('owns its transaction'))).toHaveLength(1);
    // delete, transaction, update, insert
    expect(found.filter((m) => m.startsWith('no-restricted-syntax'))).toHaveLength(4);
  }, 60_000);

  it('lets a command or repository file write', async () => {
    expect(await problems('apps/server/src/modules/athletes/example.commands.ts', write)).toEqual([]);
  }, 60_000);

  it('lets a route file call commands and queries', async () => {
    const thin = `import type { FastifyInstance } from 'fastify';
import { endpoints } from '@spotter/shared';
import { route } from '../../lib/route';
import { removeNote } from './example.commands';

export async function exampleRoutes(app: FastifyInstance) {
  route(app, endpoints.deleteAthleteNote, async (request) => {
    await removeNote(app.db, { db: app.db, changes: app.changes }, request.params.noteId);
    return { detail: 'Note deleted.' };
  });
}
`;
    expect(await problems('apps/server/src/modules/athletes/example.routes.ts', thin)).toEqual([]);
  }, 60_000);
});
