import type { Db } from '../apps/server/src/db/client';

/** A statement as the app sends it to PostgreSQL: its text, its values, and whether it is a named prepared statement. */
export type Statement = { text: string; values: unknown[]; prepared?: boolean };

type PgClient = {
  query: (...args: unknown[]) => Promise<{ rows: Record<string, string>[] }>;
  connect: () => Promise<{ query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, string>[] }>; release: () => void }>;
};
const poolOf = (db: Db) => (db as unknown as { $client: PgClient }).$client;

/**
 * Every statement `run` makes the app send through the pool (a list or report read, say), so a bench can EXPLAIN each
 * of them at scale whatever module wrote them. PostgreSQL only.
 */
export async function statementsOf(db: Db, run: () => Promise<unknown>): Promise<Statement[]> {
  const pool = poolOf(db);
  const original = pool.query;
  const seen: Statement[] = [];
  pool.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text: string; values?: unknown[]; name?: string };
    if (typeof first === 'string') seen.push({ text: first, values: (args[1] as unknown[] | undefined) ?? [] });
    // drizzle sends a query config ({ name, text }) and its values as the second argument.
    else seen.push({ text: first.text, values: first.values ?? (args[1] as unknown[] | undefined) ?? [], prepared: first.name !== undefined });
    return original.apply(this, args);
  } as PgClient['query'];
  try {
    await run();
  } finally {
    pool.query = original;
  }
  return seen.filter((s) => /^\s*(with|select|insert|update|delete)\b/i.test(s.text));
}

const literal = (v: unknown): string => {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const text = v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : JSON.stringify(v);
  return `'${text.replace(/'/g, "''")}'`;
};

/**
 * The plan of each statement for its values (EXPLAIN ANALYZE for reads, EXPLAIN alone for writes), and for named
 * prepared statements also the generic plan PostgreSQL may switch them to after five executions.
 */
export async function explainStatements(
  db: Db,
  statements: (Statement & { analyze: boolean })[],
  opts: { buffers?: boolean } = {},
): Promise<{ text: string; plan: string; generic: string }[]> {
  // BUFFERS (issue 21's report rows): the pages each node read, shared hits and reads.
  const analyzeOptions = opts.buffers ? 'analyze, buffers, costs off, timing off' : 'analyze, costs off, timing off';
  const client = await poolOf(db).connect();
  try {
    const out: { text: string; plan: string; generic: string }[] = [];
    for (const [i, st] of statements.entries()) {
      const options = st.analyze ? analyzeOptions : 'costs off';
      const plan = (await client.query(`explain (${options}) ${st.text}`, st.values)).rows.map((r) => r['QUERY PLAN']).join('\n');
      let generic = '(not a prepared statement: planned for its values every time)';
      if (st.prepared || !st.analyze) {
        await client.query(`prepare bench_explain_${i} as ${st.text}`);
        await client.query('set plan_cache_mode = force_generic_plan');
        const explainOptions = st.analyze ? analyzeOptions : 'costs off';
        generic = (await client.query(`explain (${explainOptions}) execute bench_explain_${i}(${st.values.map(literal).join(', ')})`)).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        await client.query(`deallocate bench_explain_${i}`);
        await client.query('reset plan_cache_mode');
      }
      out.push({ text: st.text, plan, generic });
    }
    return out;
  } finally {
    client.release();
  }
}
