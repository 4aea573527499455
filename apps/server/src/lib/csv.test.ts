import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('prefixes a cell that could start a formula with a quote, but keeps negative figures as shown', () => {
    const csv = toCsv(['a'], [['=1+2'], ['+cmd'], ['-2+3'], ['@SUM(A1)'], ['-75.0%'], ['-$12.50'], ['-£1,234.00'], ['-3'], ['Ann']]);
    expect(csv.split('\r\n')).toEqual(['a', `"'=1+2"`, `"'+cmd"`, `"'-2+3"`, `"'@SUM(A1)"`, '-75.0%', '-$12.50', '"-£1,234.00"', '-3', 'Ann']);
  });
});
