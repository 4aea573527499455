/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import docs from '../../../../docs/reports.md?raw';
import { reportTypes } from '../navigation';
import { bucketOf, presetRange, previousRange, rangeDays, reportConventions, reportDefinitions } from './reports';

describe('docs/reports.md (issue 21: the definitions written down once, kept equal)', () => {
  it('holds every report’s definition verbatim, under its title and with its permissions, in reportTypes order', () => {
    let at = 0;
    for (const type of reportTypes) {
      const d = reportDefinitions[type];
      const heading = docs.indexOf(`\n## ${d.title}\n`, at);
      expect(heading, `section ${d.title}`).toBeGreaterThan(at - 1);
      const next = docs.indexOf('\n## ', heading + 1);
      const section = docs.slice(heading, next === -1 ? undefined : next);
      expect(section, type).toContain(d.definition);
      expect(section, type).toContain(`BusinessMetricsReportsView + ${d.permission}`);
      expect(section, type).toContain('Table: ');
      at = heading + 1;
    }
  });

  it('holds every general convention verbatim', () => {
    for (const c of reportConventions) expect(docs).toContain(c);
  });
});

describe('presetRange', () => {
  it('this week starts on Sunday in the US and on Monday in the UK, to today', () => {
    // 2026-03-04 is a Wednesday; 2026-03-08 a Sunday.
    expect(presetRange('week', '2026-03-04', 0)).toEqual({ from: '2026-03-01', to: '2026-03-04' });
    expect(presetRange('week', '2026-03-04', 1)).toEqual({ from: '2026-03-02', to: '2026-03-04' });
    expect(presetRange('week', '2026-03-08', 0)).toEqual({ from: '2026-03-08', to: '2026-03-08' });
    expect(presetRange('week', '2026-03-08', 1)).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    // A week over a year's end.
    expect(presetRange('week', '2027-01-01', 0)).toEqual({ from: '2026-12-27', to: '2027-01-01' });
  });

  it('today, this month and this year', () => {
    expect(presetRange('today', '2026-03-04')).toEqual({ from: '2026-03-04', to: '2026-03-04' });
    expect(presetRange('month', '2026-03-04')).toEqual({ from: '2026-03-01', to: '2026-03-04' });
    expect(presetRange('year', '2026-03-04')).toEqual({ from: '2026-01-01', to: '2026-03-04' });
  });

  it('this quarter starts on 1 January, April, July or October', () => {
    expect(presetRange('quarter', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(presetRange('quarter', '2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(presetRange('quarter', '2026-08-15')).toEqual({ from: '2026-07-01', to: '2026-08-15' });
    expect(presetRange('quarter', '2026-12-31')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });

  it('the last 12 months are the 11 whole months before this one and this month to today', () => {
    expect(presetRange('last12', '2026-03-04')).toEqual({ from: '2025-04-01', to: '2026-03-04' });
    expect(presetRange('last12', '2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(presetRange('last12', '2026-01-15')).toEqual({ from: '2025-02-01', to: '2026-01-15' });
  });
});

describe('previousRange', () => {
  it('is as many days, ending the day before the range', () => {
    expect(previousRange('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(previousRange('2026-03-04', '2026-03-04')).toEqual({ from: '2026-03-03', to: '2026-03-03' });
    // 29 February in a leap year is one of the days.
    expect(previousRange('2028-03-01', '2028-03-31')).toEqual({ from: '2028-01-30', to: '2028-02-29' });
    expect(previousRange('2026-01-01', '2026-12-31')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    const p = previousRange('2026-03-08', '2026-03-14');
    expect(rangeDays(p.from, p.to)).toBe(7);
    expect(p).toEqual({ from: '2026-03-01', to: '2026-03-07' });
  });
});

describe('bucketOf', () => {
  it('days up to 31 days, weeks up to 92, months beyond', () => {
    expect(bucketOf('2026-03-04', '2026-03-04')).toBe('day');
    expect(bucketOf('2026-03-01', '2026-03-31')).toBe('day');
    expect(bucketOf('2026-03-01', '2026-04-01')).toBe('week');
    expect(bucketOf('2026-01-01', '2026-04-02')).toBe('week');
    expect(bucketOf('2026-01-01', '2026-04-03')).toBe('month');
    expect(bucketOf('2025-04-01', '2026-03-04')).toBe('month');
  });
});
