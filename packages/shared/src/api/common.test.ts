import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from '../endpoints';
import type { Endpoint } from '../endpoint';
import { dateMessages, dateRangeRefinement, dateTimeSchema, isoDateSchema } from './common';

const messageOf = (r: { success: boolean; error?: z.ZodError }) => (r.success ? null : r.error!.issues[0]!.message);

describe('the shared date schemas (issue 32, decision 039)', () => {
  it('take dates from 1900-01-01 to 2200-12-31 and refuse every edge past them with the field’s message', () => {
    for (const ok of ['1900-01-01', '2026-02-28', '2024-02-29', '2200-12-31']) expect(isoDateSchema.safeParse(ok).success, ok).toBe(true);
    for (const edge of ['0000-01-01', '0001-01-01', '1899-12-31', '2201-01-01', '9999-12-31'])
      expect(messageOf(isoDateSchema.safeParse(edge)), edge).toBe(dateMessages.outOfBounds);
    expect(messageOf(isoDateSchema.safeParse('10000-01-01'))).toBe(dateMessages.format);
    expect(messageOf(isoDateSchema.safeParse('+010000-01-01'))).toBe(dateMessages.format);
    expect(messageOf(isoDateSchema.safeParse('2026-02-30'))).toBe(dateMessages.invalid);
  });

  it('take instants in the same years, as UTC reads them', () => {
    for (const ok of ['1900-01-01T00:00:00Z', '2026-03-01T09:30:00-06:00', '2200-12-31T23:59:59Z']) expect(dateTimeSchema.safeParse(ok).success, ok).toBe(true);
    for (const edge of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '1899-12-31T23:59:59Z',
      '2201-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '2200-12-31T23:00:00-05:00',
    ]) {
      expect(messageOf(dateTimeSchema.safeParse(edge)), edge).toBe(dateMessages.outOfBounds);
    }
    expect(messageOf(dateTimeSchema.safeParse('10000-01-01T00:00:00Z'))).toBe(dateMessages.dateTimeFormat);
  });

  it('bound a filter’s range to 10 years, its end not before its start', () => {
    const filter = z.object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() }).superRefine(dateRangeRefinement('from', 'to'));
    expect(filter.safeParse({ from: '2016-01-01', to: '2025-12-31' }).success).toBe(true);
    expect(filter.safeParse({ from: '1900-01-01' }).success).toBe(true);
    const tooLong = filter.safeParse({ from: '2016-01-01', to: '2026-01-02' });
    expect([messageOf(tooLong), tooLong.error?.issues[0]?.path]).toEqual([dateMessages.rangeTooLong, ['to']]);
    expect(messageOf(filter.safeParse({ from: '2026-01-02', to: '2026-01-01' }))).toBe(dateMessages.order);
  });

  // Each date field is built by isoDateWithin / dateTimeWithin, which describe their bounds in the OpenAPI document.
  it('bound every date and date-time field of every endpoint’s path, query and body', () => {
    const unbounded: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      const js = node as Record<string, unknown>;
      const isDate = js.pattern === '^\\d{4}-\\d{2}-\\d{2}$' || js.format === 'date-time';
      if (isDate && !/^(A date|An instant) .* from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\.$/.test(String(js.description ?? ''))) unbounded.push(at);
      for (const [key, value] of Object.entries(js)) walk(value, key === 'properties' || key === 'anyOf' || key === 'items' ? at : `${at}.${key}`);
    };
    let dateFields = 0;
    for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = endpoint[part];
        if (!schema) continue;
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
        dateFields += (JSON.stringify(json).match(/\^\\\\d\{4\}-\\\\d\{2\}-\\\\d\{2\}\$|"format":"date-time"/g) ?? []).length;
        walk(json, `${name}.${part}`);
      }
    }
    expect(unbounded).toEqual([]);
    expect(dateFields).toBeGreaterThan(50);
  });
});
