import { describe, expect, it } from 'vitest';
import { normalizePhone, shouldAutoSendVerification, validateOtp, validatePhone } from './verify-rules';

describe('shouldAutoSendVerification (000 §4.5)', () => {
  it('sends only for an unverified address with no send time recorded', () => {
    expect(shouldAutoSendVerification({ emailVerified: false, emailVerificationSentAt: null })).toBe(true);
    expect(shouldAutoSendVerification({ emailVerified: false, emailVerificationSentAt: '2026-01-01T00:00:00.000Z' })).toBe(false);
    expect(shouldAutoSendVerification({ emailVerified: true, emailVerificationSentAt: null })).toBe(false);
  });
});

describe('phone numbers', () => {
  it('normalises what people type to E.164', () => {
    expect(normalizePhone('+55 (11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePhone(' 0054 9 11 1234-5678 ')).toBe('+5491112345678');
    expect(normalizePhone('11 98765-4321')).toBe('11987654321');
  });

  it('needs an international number', () => {
    expect(validatePhone('')).toEqual({ rule: 'required' });
    expect(validatePhone('+55 11 98765-4321')).toBeUndefined();
    expect(validatePhone('11 98765-4321')).toEqual({ rule: 'phoneNumberInvalid' });
    expect(validatePhone('+0 11 98765-4321')).toEqual({ rule: 'phoneNumberInvalid' });
    expect(validatePhone('+55 11')).toEqual({ rule: 'phoneNumberInvalid' });
    expect(validatePhone('+1234567890123456')).toEqual({ rule: 'phoneNumberInvalid' });
  });
});

describe('validateOtp', () => {
  it('needs exactly six digits', () => {
    expect(validateOtp('123456')).toBeUndefined();
    expect(validateOtp(' 123456 ')).toBeUndefined();
    expect(validateOtp('')).toEqual({ rule: 'required' });
    expect(validateOtp('12a456')).toEqual({ rule: 'numeric' });
    expect(validateOtp('12345')).toEqual({ rule: 'digits', length: 6 });
    expect(validateOtp('1234567')).toEqual({ rule: 'digits', length: 6 });
  });
});
