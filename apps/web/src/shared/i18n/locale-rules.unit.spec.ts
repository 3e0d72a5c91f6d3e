import { describe, expect, it } from 'vitest';
import { forcedLocaleForHost, headBranding, localeAfterSignIn, localeForActionLink, shouldSyncProfileLang } from './locale-rules';

describe('forcedLocaleForHost (000 §4.11: the Spanish domain forces es)', () => {
  it('forces es on the Spanish domain and its subdomains, whatever the case and port', () => {
    expect(forcedLocaleForHost('portal.example.es', 'portal.example.es')).toBe('es');
    expect(forcedLocaleForHost('WWW.Portal.Example.es:8443', 'portal.example.es')).toBe('es');
  });

  it('forces nothing elsewhere or without a configured domain', () => {
    expect(forcedLocaleForHost('portal.example.com', 'portal.example.es')).toBeUndefined();
    expect(forcedLocaleForHost('notportal.example.es', 'portal.example.es')).toBeUndefined();
    expect(forcedLocaleForHost('portal.example.es', null)).toBeUndefined();
    expect(forcedLocaleForHost('portal.example.es', '')).toBeUndefined();
  });
});

describe('localeAfterSignIn', () => {
  it('uses the profile lang when the cookie is absent, and remembers it', () => {
    expect(localeAfterSignIn({ cookie: undefined, profileLang: 'es', current: 'pt-BR' })).toEqual({ apply: 'es' });
    expect(localeAfterSignIn({ cookie: 'fr', profileLang: 'en', current: 'pt-BR' })).toEqual({ apply: 'en' });
  });

  it('changes nothing when the profile already speaks the current language', () => {
    expect(localeAfterSignIn({ cookie: null, profileLang: 'pt-BR', current: 'pt-BR' })).toEqual({});
  });

  it('keeps the explicit choice of the cookie', () => {
    expect(localeAfterSignIn({ cookie: 'en', profileLang: 'es', current: 'en' })).toEqual({});
  });

  it('saves the current language to a profile without one', () => {
    expect(localeAfterSignIn({ cookie: undefined, profileLang: null, current: 'es' })).toEqual({ syncProfile: 'es' });
  });

  it('does nothing on the Spanish domain', () => {
    expect(localeAfterSignIn({ forced: 'es', cookie: undefined, profileLang: 'en', current: 'es' })).toEqual({});
  });
});

describe('localeForActionLink', () => {
  it('speaks the language of the mail when the user made no choice here', () => {
    expect(localeForActionLink('pt-BR', undefined)).toBe('pt-BR');
    expect(localeForActionLink('en', null)).toBe('en');
  });

  it('keeps a cookie choice or a forced locale, and ignores unknown languages', () => {
    expect(localeForActionLink('pt-BR', 'es')).toBeUndefined();
    expect(localeForActionLink('pt-BR', undefined, 'es')).toBeUndefined();
    expect(localeForActionLink('fr', undefined)).toBeUndefined();
    expect(localeForActionLink(null, undefined)).toBeUndefined();
  });
});

describe('shouldSyncProfileLang', () => {
  it('saves a language change for signed-in users off the Spanish domain', () => {
    expect(shouldSyncProfileLang(true)).toBe(true);
    expect(shouldSyncProfileLang(false)).toBe(false);
    expect(shouldSyncProfileLang(true, 'es')).toBe(false);
  });
});

describe('headBranding (000 §1)', () => {
  it('gives Argentina and Uruguay users the Spanish-branded head data', () => {
    expect(headBranding('AR', 'pt-BR')).toEqual({ brand: 'latam', lng: 'es' });
    expect(headBranding('UY', 'en')).toEqual({ brand: 'latam', lng: 'es' });
  });

  it('gives everyone else the default head data in the current language', () => {
    expect(headBranding('BR', 'pt-BR')).toEqual({ brand: 'default', lng: 'pt-BR' });
    expect(headBranding('MX', 'es')).toEqual({ brand: 'default', lng: 'es' });
    expect(headBranding(null, 'en')).toEqual({ brand: 'default', lng: 'en' });
    expect(headBranding('ar', 'en')).toEqual({ brand: 'default', lng: 'en' });
  });
});
