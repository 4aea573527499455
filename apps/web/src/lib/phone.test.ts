import { describe, expect, it } from 'vitest';
import { messages } from '@spotter/shared';
import { formatPhone, isValidPhone, optionalPhoneError, phoneForSave } from './phone';
import { maskZipCode } from './zip-code';

describe('phoneForSave (spec 5)', () => {
  it('sends a phone of 10 characters or fewer as an empty string', () => {
    expect(phoneForSave('')).toBe('');
    expect(phoneForSave('+1')).toBe('');
    expect(phoneForSave('+1 312 55')).toBe('');
    expect(phoneForSave('3125550123')).toBe('');
  });

  it('otherwise sends the digits only', () => {
    expect(phoneForSave('+1 312 555 0123')).toBe('13125550123');
    expect(phoneForSave('(312) 555-0123')).toBe('3125550123');
    expect(phoneForSave('+44 7700 900123')).toBe('447700900123');
  });
});

describe('phone validation (spec 5 / 9)', () => {
  it('accepts parsable numbers with a 2 to 17 digit national number', () => {
    expect(isValidPhone('+1 312 555 0123')).toBe(true);
    expect(isValidPhone('(312) 555-0123')).toBe(true);
    expect(isValidPhone('+44 7700 900123')).toBe(true);
  });

  it('rejects text, one digit and overlong input', () => {
    expect(isValidPhone('call me')).toBe(false);
    expect(isValidPhone('+1 3')).toBe(false);
    expect(isValidPhone(`+1 312 555 0123${' '.repeat(240)}`)).toBe(false);
  });

  it('checks an optional phone only when something was typed', () => {
    expect(optionalPhoneError('')).toBeNull();
    expect(optionalPhoneError('  ')).toBeNull();
    expect(optionalPhoneError('abc')).toBe(messages.phoneInvalid);
  });
});

describe('formatPhone', () => {
  it('formats stored digits with or without a country code, and typed national numbers', () => {
    expect(formatPhone('13125550123')).toBe('+1 312 555 0123');
    expect(formatPhone('3125550123')).toBe('+1 312 555 0123');
    expect(formatPhone('447700900123')).toBe('+44 7700 900123');
    expect(formatPhone('(312) 555-0123')).toBe('+1 312 555 0123');
    expect(formatPhone('')).toBe('');
    expect(formatPhone('not a phone')).toBe('not a phone');
  });
});

describe('maskZipCode (spec 5)', () => {
  it('keeps 5 digits in the US', () => {
    expect(maskZipCode('US', '60a6071234')).toBe('60607');
  });

  it('shapes a Canadian postal code as A1A 1A1', () => {
    expect(maskZipCode('CA', 'm5v3l9')).toBe('M5V 3L9');
    expect(maskZipCode('CA', 'm5v')).toBe('M5V');
  });

  it('keeps letters, digits and one space in the UK', () => {
    expect(maskZipCode('GB', 'sw1a  1aa!')).toBe('SW1A 1AA');
  });
});
