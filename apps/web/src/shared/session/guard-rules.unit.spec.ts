import { describe, expect, it } from 'vitest';
import { argentinaRedirect, decideProtectedRoute, decideSignedOutOnly, isAccountReady, nextAccountStep, type ArgentinaRule, type GuardUser } from './guard-rules';

const ready: GuardUser = { emailVerified: true, registerStatus: 'Completed' };
const unverified: GuardUser = { emailVerified: false, registerStatus: 'None' };
const incomplete: GuardUser = { emailVerified: true, registerStatus: 'UserProfile' };

describe('decideProtectedRoute (000 §2.2)', () => {
  it('sends a signed-out visitor to sign-in, keeping the path, query and hash as next', () => {
    expect(decideProtectedRoute('complete', null, { pathname: '/home', search: '?tab=x', hash: '#y' })).toEqual({
      kind: 'redirect',
      to: '/auth?next=%2Fhome%3Ftab%3Dx%23y',
    });
  });

  it('keeps no next for the root, /auth and /account paths', () => {
    expect(decideProtectedRoute('complete', null, { pathname: '/' })).toEqual({ kind: 'redirect', to: '/auth' });
    expect(decideProtectedRoute('verified', null, { pathname: '/account/profile', search: '?tab=x' })).toEqual({ kind: 'redirect', to: '/auth' });
    expect(decideProtectedRoute('session', null, { pathname: '/auth2/verification' })).toEqual({ kind: 'redirect', to: '/auth' });
  });

  it('sends an unverified user to the verify-email screen, before anything else', () => {
    expect(decideProtectedRoute('complete', unverified, { pathname: '/training/soja' })).toEqual({
      kind: 'redirect',
      to: '/account/verify-email?next=%2Ftraining%2Fsoja',
    });
    expect(decideProtectedRoute('verified', unverified, { pathname: '/account/profile' })).toEqual({ kind: 'redirect', to: '/account/verify-email' });
  });

  it('keeps a user with an incomplete registration on the profile screen', () => {
    expect(decideProtectedRoute('complete', incomplete, { pathname: '/home' })).toEqual({ kind: 'redirect', to: '/account/profile?next=%2Fhome' });
    expect(decideProtectedRoute('complete', { emailVerified: true, registerStatus: 'None' }, { pathname: '/' })).toEqual({
      kind: 'redirect',
      to: '/account/profile',
    });
  });

  it('lets each screen through with what it needs', () => {
    expect(decideProtectedRoute('complete', ready, { pathname: '/home' })).toEqual({ kind: 'allow' });
    expect(decideProtectedRoute('verified', incomplete, { pathname: '/account/profile' })).toEqual({ kind: 'allow' });
    expect(decideProtectedRoute('session', unverified, { pathname: '/account/verify-email' })).toEqual({ kind: 'allow' });
  });
});

describe('isAccountReady', () => {
  it('opens the learner area to a verified e-mail with a Completed registration only', () => {
    expect(isAccountReady(ready)).toBe(true);
    expect(isAccountReady(unverified)).toBe(false);
    expect(isAccountReady(incomplete)).toBe(false);
    expect(isAccountReady({ emailVerified: false, registerStatus: 'Completed' })).toBe(false);
    expect(isAccountReady(null)).toBe(false);
  });
});

describe('decideSignedOutOnly', () => {
  it('sends a signed-in user home', () => {
    expect(decideSignedOutOnly(true)).toEqual({ kind: 'redirect', to: '/home' });
    expect(decideSignedOutOnly(false)).toEqual({ kind: 'allow' });
  });
});

describe('nextAccountStep', () => {
  it('goes to the step still missing, keeping next', () => {
    expect(nextAccountStep(unverified, '/home?tab=x')).toBe('/account/verify-email?next=%2Fhome%3Ftab%3Dx');
    expect(nextAccountStep(incomplete, '/home?tab=x')).toBe('/account/profile?next=%2Fhome%3Ftab%3Dx');
  });

  it('then follows a safe next, else home', () => {
    expect(nextAccountStep(ready, '/training/soja')).toBe('/training/soja');
    expect(nextAccountStep(ready, 'https://evil.example')).toBe('/home');
    expect(nextAccountStep(ready, null)).toBe('/home');
    expect(nextAccountStep(incomplete, '//evil.example')).toBe('/account/profile');
  });
});

describe('argentinaRedirect (000 §2.2)', () => {
  const rule: ArgentinaRule = {
    expectedHost: 'portal.example.com.ar',
    siteUrl: 'https://portal.example.com.ar/',
    stagingHosts: ['staging-1.example.com', 'staging-2.example.com'],
  };

  it('sends an Argentine user on another host to the Argentine site', () => {
    expect(argentinaRedirect('portal.example.com', 'AR', rule)).toBe('https://portal.example.com.ar/');
    expect(argentinaRedirect('localhost:3000', 'AR', rule)).toBe('https://portal.example.com.ar/');
  });

  it('lets the user stay on the expected host, ignoring case and port', () => {
    expect(argentinaRedirect('portal.example.com.ar', 'AR', rule)).toBeNull();
    expect(argentinaRedirect('PORTAL.example.com.ar:443', 'AR', rule)).toBeNull();
  });

  it('never applies on the staging hosts', () => {
    expect(argentinaRedirect('staging-1.example.com', 'AR', rule)).toBeNull();
    expect(argentinaRedirect('staging-2.example.com:8080', 'AR', rule)).toBeNull();
  });

  it('only concerns Argentina ("AR", case-sensitive) and signed-in users', () => {
    expect(argentinaRedirect('portal.example.com', 'UY', rule)).toBeNull();
    expect(argentinaRedirect('portal.example.com', 'ar', rule)).toBeNull();
    expect(argentinaRedirect('portal.example.com', null, rule)).toBeNull();
    expect(argentinaRedirect('portal.example.com', undefined, rule)).toBeNull();
  });

  it('is off without an expected host', () => {
    expect(argentinaRedirect('portal.example.com', 'AR', { ...rule, expectedHost: null })).toBeNull();
  });

  it('builds the site address from the expected host when none is configured', () => {
    expect(argentinaRedirect('portal.example.com', 'AR', { ...rule, siteUrl: null })).toBe('https://portal.example.com.ar/');
  });

  it('compares with the port when the configured host names one', () => {
    expect(argentinaRedirect('ar.local:5173', 'AR', { ...rule, expectedHost: 'ar.local:5173' })).toBeNull();
    expect(argentinaRedirect('ar.local:3000', 'AR', { ...rule, expectedHost: 'ar.local:5173' })).toBe('https://portal.example.com.ar/');
  });
});
