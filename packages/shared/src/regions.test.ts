import { describe, expect, it } from 'vitest';
import { canadianProvinces, isValidZipCode, regionsOf, ukCountiesByNation } from './regions';

describe('regions and postcodes', () => {
  it('has 13 Canadian provinces and territories and UK counties grouped by nation', () => {
    expect(canadianProvinces).toHaveLength(13);
    expect(Object.keys(ukCountiesByNation)).toEqual(['England', 'Scotland', 'Wales', 'Northern Ireland', 'Islands']);
    expect(regionsOf('US')).toContain('Illinois');
    expect(regionsOf('GB')).toContain('Greater London');
  });

  it('checks ZIP and postal codes by country', () => {
    expect(isValidZipCode('US', '60607')).toBe(true);
    expect(isValidZipCode('US', '6060')).toBe(false);
    expect(isValidZipCode('CA', 'M5V 2T6')).toBe(true);
    expect(isValidZipCode('CA', 'm5v2t6')).toBe(true);
    expect(isValidZipCode('CA', 'D5V 2T6')).toBe(false);
    for (const ok of ['SW1A 1AA', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'EC1A 1BB', 'W1A 0AX', 'ls1 4ap'])
      expect(isValidZipCode('GB', ok), ok).toBe(true);
    for (const bad of ['QQ1 1AA', '12345', 'SW1A', 'V1 1AA']) expect(isValidZipCode('GB', bad), bad).toBe(false);
  });
});
