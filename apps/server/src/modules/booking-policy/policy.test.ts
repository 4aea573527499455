import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { bookingPolicy } from '@spotter/shared';
import { openTestDatabase } from '../../../test/helper';
import type { Database } from '../../db/client';
import { sqlPolicy, type SqlRule } from './policy';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

/** Every combination of the rule's input values. */
function combinations(inputs: SqlRule<string>['inputs']): Record<string, unknown>[] {
  return Object.entries(inputs).reduce<Record<string, unknown>[]>(
    (all, [name, input]) => all.flatMap((partial) => input.values.map((value) => ({ ...partial, [name]: value }))),
    [{}],
  );
}

/** A value as a typed SQL literal (a parameter, cast to the input's type). */
function literal(value: unknown, type: string): SQL {
  if (value === null) return sql.raw(`null::${type}`);
  const text = value instanceof Date ? value.toISOString() : type === 'jsonb' ? JSON.stringify(value) : String(value);
  return sql`${text}::${sql.raw(type)}`;
}

describe('the booking policy in SQL (decision 043)', () => {
  const rules = Object.entries(sqlPolicy) as [string, SqlRule<string>][];

  it('names a shared rule (or a shared helper) for every SQL entry', () => {
    for (const [, rule] of rules) expect([...Object.keys(bookingPolicy), 'holdsPlace', 'isFull']).toContain(rule.rule);
  });

  it.each(rules)('%s: the SQL answers as the TypeScript for every combination of its inputs', async (_name, rule) => {
    const cases = combinations(rule.inputs);
    const columns = cases.map((values) =>
      rule.sql(Object.fromEntries(Object.entries(rule.inputs).map(([name, input]) => [name, literal(values[name], input.type)])) as never),
    );
    // One statement per rule: each combination is one column of one row.
    const selected = sql.join(
      columns.map((c, i) => sql`${c} as ${sql.identifier(`c${i}`)}`),
      sql`, `,
    );
    const { rows } = (await database.db.execute(sql`select ${selected}`)) as unknown as { rows: Record<string, boolean>[] };
    const fromSql = cases.map((_values, i) => rows[0]![`c${i}`]);
    const fromTs = cases.map((values) => rule.ts(values));
    const disagreements = cases.filter((_values, i) => fromSql[i] !== fromTs[i]);
    expect(disagreements).toEqual([]);
    // Both answers occur: the comparison is not vacuous.
    expect(new Set(fromTs)).toEqual(new Set([true, false]));
  });
});
