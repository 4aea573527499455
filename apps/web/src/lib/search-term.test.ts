import { describe, expect, it } from 'vitest';
import { searchTerm } from './search-term';

describe('searchTerm', () => {
  it('drops control characters the server refuses, reads pasted tabs and line breaks as spaces, and trims', () => {
    expect(searchTerm('mo\u0000r')).toBe('mor');
    expect(searchTerm('Alex\tMorgan\r\n')).toBe('Alex Morgan');
    expect(searchTerm('  \u0007 morgan\u007f ')).toBe('morgan');
    expect(searchTerm('Zoë O’Neil')).toBe('Zoë O’Neil');
  });
});
