import { describe, expect, it } from 'vitest';
import { phoneKeyOf } from './phone-key.js';

describe('phoneKeyOf', () => {
  it('keeps the digits with the country code, however the number was written', () => {
    expect(phoneKeyOf('+55 (11) 98765-4321')).toBe('5511987654321');
    expect(phoneKeyOf('5511987654321')).toBe('5511987654321');
    expect(phoneKeyOf('0054 9 11 2345 6789')).toBe('5491123456789');
  });
  it('writes an eight-digit Brazilian mobile number with its ninth digit, as a user types it', () => {
    expect(phoneKeyOf('551187654321')).toBe('5511987654321');
    // a landline (starts with 2-5) has eight digits
    expect(phoneKeyOf('551133334444')).toBe('551133334444');
  });
  it('refuses what is not a phone number with a country code', () => {
    expect(phoneKeyOf(null)).toBeNull();
    expect(phoneKeyOf('12345')).toBeNull();
    expect(phoneKeyOf('+0 11 2345 6789')).toBeNull();
    expect(phoneKeyOf('abc')).toBeNull();
  });
});
