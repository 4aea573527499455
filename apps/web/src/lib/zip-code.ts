import type { GymCountry } from '@spotter/shared';

/**
 * Spec 5: the zip/postcode input mask. US 5 digits; Canada "A1A 1A1"; the UK letters, digits and one space
 * (its area-prefix patterns are checked by isValidZipCode, not by the mask).
 */
export function maskZipCode(country: GymCountry | '', raw: string): string {
  const upper = raw.toUpperCase();
  if (country === 'US') return upper.replace(/\D/g, '').slice(0, 5);
  if (country === 'CA') {
    const compact = upper.replace(/[^A-Z0-9]/g, '').slice(0, 6);
    return compact.length > 3 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
  }
  if (country === 'GB')
    return upper
      .replace(/[^A-Z0-9 ]/g, '')
      .replace(/ {2,}/g, ' ')
      .trimStart()
      .slice(0, 8);
  return raw.slice(0, 20);
}
