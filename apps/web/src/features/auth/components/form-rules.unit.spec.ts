import { describe, expect, it } from 'vitest';
import { toRegisterRequest, toSignInRequest, validateNewPassword, validateRegister, validateResetRequest, validateSignIn, type RegisterValues } from './form-rules';

const valid: RegisterValues = { email: 'Ana@Example.com ', password: 'Str0ng!pass', country: 'BR', ref: '', consent: true };

describe('validateSignIn', () => {
  it('requires an e-mail and a password', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({ email: { rule: 'required' }, password: { rule: 'required' } });
  });

  it('checks the e-mail format', () => {
    expect(validateSignIn({ email: 'ana@', password: 'x' })).toEqual({ email: { rule: 'email' } });
    expect(validateSignIn({ email: 'ana@example.com', password: 'x' })).toEqual({});
  });
});

describe('validateRegister (000 §5)', () => {
  it('accepts a complete registration', () => {
    expect(validateRegister(valid)).toEqual({});
  });

  it('requires e-mail, password and country, and consent', () => {
    expect(validateRegister({ email: ' ', password: '', country: '', ref: '', consent: false })).toEqual({
      email: { rule: 'required' },
      password: { rule: 'required' },
      country: { rule: 'required' },
      consent: { rule: 'termAccepted' },
    });
  });

  it('rejects an invalid e-mail, a weak password and an unknown country', () => {
    expect(validateRegister({ ...valid, email: 'not-an-email', password: 'weakpass', country: 'US' })).toEqual({
      email: { rule: 'email' },
      password: { rule: 'passwordPolicy' },
      country: { rule: 'required' },
    });
  });

  it('limits the referral code', () => {
    expect(validateRegister({ ...valid, ref: 'x'.repeat(201) })).toEqual({ ref: { rule: 'maxLength', length: 200 } });
    expect(validateRegister({ ...valid, ref: 'x'.repeat(200) })).toEqual({});
  });
});

describe('request bodies', () => {
  it('builds the register body through the contract (normalised e-mail, no empty ref)', () => {
    expect(toRegisterRequest(valid, 'es')).toEqual({ email: 'ana@example.com', password: 'Str0ng!pass', country: 'BR', consent: true, consentTextVersion: '2026-01', lang: 'es' });
    expect(toRegisterRequest({ ...valid, ref: ' friend-42 ' }, 'en')?.ref).toBe('friend-42');
    // a manager's invitation link (issue 14): its token goes along
    const token = 'eyJ1c2VySWQiOiJ4In0.c2lnbmF0dXJlLW9mLXRoZS1saW5r';
    expect(toRegisterRequest(valid, 'pt-BR', token)?.invitation).toBe(token);
    expect(toRegisterRequest(valid, 'pt-BR')).not.toHaveProperty('invitation');
  });

  it('sends the invitation token of the link the screen was opened with (ADR 0050)', () => {
    expect(toRegisterRequest(valid, 'en', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBB')?.invitation).toBe('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBB');
    expect(toRegisterRequest(valid, 'en', null)).not.toHaveProperty('invitation');
    expect(toRegisterRequest(valid, 'en', 'not a token')).toBeUndefined();
  });

  it('refuses bodies the contract refuses', () => {
    expect(toRegisterRequest({ ...valid, consent: false }, 'en')).toBeUndefined();
    expect(toRegisterRequest(valid, 'fr')).toBeUndefined();
    expect(toSignInRequest({ email: 'x', password: 'y' })).toBeUndefined();
  });

  it('builds the sign-in body', () => {
    expect(toSignInRequest({ email: ' Ana@Example.com', password: 'secret' })).toEqual({ email: 'ana@example.com', password: 'secret' });
  });
});

describe('validateResetRequest', () => {
  it('needs a valid e-mail', () => {
    expect(validateResetRequest({ email: '' })).toEqual({ email: { rule: 'required' } });
    expect(validateResetRequest({ email: 'ana@' })).toEqual({ email: { rule: 'email' } });
    expect(validateResetRequest({ email: 'ana@example.com' })).toEqual({});
  });
});

describe('validateNewPassword', () => {
  it('applies the password policy and needs a matching confirmation', () => {
    expect(validateNewPassword({ password: '', confirmation: '' })).toEqual({ password: { rule: 'required' }, confirmation: { rule: 'required' } });
    expect(validateNewPassword({ password: 'weakpass', confirmation: 'weakpass' })).toEqual({ password: { rule: 'passwordPolicy' } });
    expect(validateNewPassword({ password: 'Str0ng!pass', confirmation: 'Str0ng!pas' })).toEqual({ confirmation: { rule: 'confirmation' } });
    expect(validateNewPassword({ password: 'Str0ng!pass', confirmation: 'Str0ng!pass' })).toEqual({});
  });
});
