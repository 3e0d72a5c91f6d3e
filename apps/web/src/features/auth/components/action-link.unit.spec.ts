import { describe, expect, it } from 'vitest';
import { newLinkPathFor, parseActionLink } from './action-link';

const code = 'AbC123_-xyz.sig_NATURE-1';

describe('parseActionLink', () => {
  it('reads mode, code and language of the mail', () => {
    expect(parseActionLink(new URLSearchParams(`mode=verifyEmail&oobCode=${code}&lang=pt-BR`))).toEqual({ ok: true, mode: 'verifyEmail', oobCode: code, lang: 'pt-BR' });
    expect(parseActionLink(new URLSearchParams(`mode=resetPassword&oobCode=${code}`))).toEqual({ ok: true, mode: 'resetPassword', oobCode: code, lang: null });
    expect(parseActionLink(new URLSearchParams(`mode=recoverEmail&oobCode=${code}`))).toMatchObject({ ok: true, mode: 'recoverEmail' });
  });

  it('reads a missing or unknown mode, or a malformed code, as invalid-action-code', () => {
    const invalid = { ok: false, code: 'invalid-action-code' };
    expect(parseActionLink(new URLSearchParams(`oobCode=${code}`))).toEqual(invalid);
    expect(parseActionLink(new URLSearchParams(`mode=signIn&oobCode=${code}`))).toEqual(invalid);
    expect(parseActionLink(new URLSearchParams('mode=verifyEmail'))).toEqual(invalid);
    expect(parseActionLink(new URLSearchParams('mode=verifyEmail&oobCode=short'))).toEqual(invalid);
    expect(parseActionLink(new URLSearchParams('mode=verifyEmail&oobCode=has%20space.and%3Cscript%3E'))).toEqual(invalid);
  });
});

describe('newLinkPathFor', () => {
  it('offers a new link for reset and verification only', () => {
    expect(newLinkPathFor('resetPassword')).toBe('/auth/reset-password');
    expect(newLinkPathFor('verifyEmail')).toBe('/account/verify-email');
    expect(newLinkPathFor('recoverEmail')).toBeNull();
    expect(newLinkPathFor(null)).toBeNull();
  });
});
