import { describe, expect, it } from 'vitest';
import { findNullCharacter } from './errors';

describe('findNullCharacter', () => {
  it('names the path to the first text holding U+0000, in arrays, nested objects and keys', () => {
    expect(findNullCharacter({ search: 'a\0b' })).toBe('search');
    expect(findNullCharacter({ ok: 'x', items: [{ name: 'y' }, { name: '\0' }] })).toBe('items.1.name');
    expect(findNullCharacter({ notes: { ['ti\0tle']: 'x' } })).toBe('notes.ti\0tle');
    expect(findNullCharacter('\0')).toBe('nonFieldErrors');
  });

  it('passes clean input, numbers, nulls and binary data', () => {
    expect(findNullCharacter({ search: 'morgan', limit: 10, class: null, flags: [true, false], nested: { a: ['b'] } })).toBeNull();
    expect(findNullCharacter(Buffer.from([0, 0, 0]))).toBeNull();
    expect(findNullCharacter(undefined)).toBeNull();
  });
});
