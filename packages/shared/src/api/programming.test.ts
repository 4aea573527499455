import { describe, expect, it } from 'vitest';
import { weekStartOf } from './programming';

describe('weekStartOf', () => {
  it('is the Monday of the week, Monday to Sunday, across months and years', () => {
    expect(weekStartOf('2026-03-02')).toBe('2026-03-02');
    expect(weekStartOf('2026-03-04')).toBe('2026-03-02');
    expect(weekStartOf('2026-03-08')).toBe('2026-03-02');
    expect(weekStartOf('2026-03-09')).toBe('2026-03-09');
    expect(weekStartOf('2026-01-01')).toBe('2025-12-29');
  });
});
