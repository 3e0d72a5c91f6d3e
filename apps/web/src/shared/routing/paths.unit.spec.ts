import { describe, expect, it } from 'vitest';
import { afterSignInPath, nextFor, safeNextPath, signInPathFor, withNext } from './paths';

describe('signInPathFor (000 §2.2)', () => {
  it('keeps the original path, query and hash as next', () => {
    expect(signInPathFor('/home')).toBe('/auth?next=%2Fhome');
    expect(signInPathFor('/feed/history', '?group=a&video=1', '#top')).toBe('/auth?next=%2Ffeed%2Fhistory%3Fgroup%3Da%26video%3D1%23top');
  });

  it('drops next for the root and for paths containing /auth or /account', () => {
    expect(signInPathFor('/')).toBe('/auth');
    expect(signInPathFor('')).toBe('/auth');
    expect(signInPathFor('/auth/logoff')).toBe('/auth');
    expect(signInPathFor('/auth2/verification')).toBe('/auth');
    expect(signInPathFor('/account/profile', '?x=1')).toBe('/auth');
  });
});

describe('safeNextPath', () => {
  it('accepts paths on this site', () => {
    expect(safeNextPath('/home')).toBe('/home');
    expect(safeNextPath('/feed/history?x=1#y')).toBe('/feed/history?x=1#y');
  });

  it('rejects other sites, schemes and auth screens', () => {
    expect(safeNextPath(undefined)).toBeUndefined();
    expect(safeNextPath('')).toBeUndefined();
    expect(safeNextPath('https://evil.example/x')).toBeUndefined();
    expect(safeNextPath('//evil.example/x')).toBeUndefined();
    expect(safeNextPath('/\\evil.example')).toBeUndefined();
    expect(safeNextPath('javascript:alert(1)')).toBeUndefined();
    expect(safeNextPath('/a\nb')).toBeUndefined();
    expect(safeNextPath('/auth/logoff')).toBeUndefined();
    expect(safeNextPath('home')).toBeUndefined();
  });

  it('falls back to /home after sign-in', () => {
    expect(afterSignInPath(null)).toBe('/home');
    expect(afterSignInPath('//evil')).toBe('/home');
    expect(afterSignInPath('/training/soja')).toBe('/training/soja');
  });
});

describe('nextFor and withNext', () => {
  it('keeps path, query and hash except for root, /auth and /account paths', () => {
    expect(nextFor('/home', '?tab=x', '#y')).toBe('/home?tab=x#y');
    expect(nextFor('/')).toBeUndefined();
    expect(nextFor('/account/profile', '?tab=x')).toBeUndefined();
    expect(nextFor('/auth2')).toBeUndefined();
  });

  it('adds next only when there is one', () => {
    expect(withNext('/account/profile', '/home?tab=x')).toBe('/account/profile?next=%2Fhome%3Ftab%3Dx');
    expect(withNext('/account/profile', undefined)).toBe('/account/profile');
    expect(withNext('/account/profile', '')).toBe('/account/profile');
  });
});
