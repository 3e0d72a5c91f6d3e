import { describe, expect, it } from 'vitest';
import { detectLocale, localeCookieString, localeFromBrowserLanguage, readCookie } from './detect-locale';

describe('detectLocale (000 §4.11)', () => {
  it('uses the i18n_lang cookie first, whatever the browser says', () => {
    expect(detectLocale({ cookie: 'es', browserLanguages: ['en-US'] })).toBe('es');
    expect(detectLocale({ cookie: 'en', browserLanguages: ['pt-BR'] })).toBe('en');
    expect(detectLocale({ cookie: 'pt-BR', browserLanguages: ['es'] })).toBe('pt-BR');
  });

  it('accepts a cookie written in another case', () => {
    expect(detectLocale({ cookie: 'pt-br' })).toBe('pt-BR');
  });

  it('ignores a cookie naming an unsupported locale and falls back to the browser', () => {
    expect(detectLocale({ cookie: 'fr', browserLanguages: ['es-AR'] })).toBe('es');
    expect(detectLocale({ cookie: '', browserLanguages: ['en'] })).toBe('en');
    expect(detectLocale({ cookie: null, browserLanguages: ['en'] })).toBe('en');
  });

  it('turns the browser language "pt" into pt-BR', () => {
    expect(detectLocale({ browserLanguages: ['pt'] })).toBe('pt-BR');
    expect(detectLocale({ browserLanguages: ['PT'] })).toBe('pt-BR');
  });

  it('uses an exact match among pt-BR, es and en', () => {
    expect(detectLocale({ browserLanguages: ['pt-BR'] })).toBe('pt-BR');
    expect(detectLocale({ browserLanguages: ['es'] })).toBe('es');
    expect(detectLocale({ browserLanguages: ['en'] })).toBe('en');
  });

  it('else uses the first two letters lowercased when supported', () => {
    expect(detectLocale({ browserLanguages: ['es-MX'] })).toBe('es');
    expect(detectLocale({ browserLanguages: ['EN-gb'] })).toBe('en');
    expect(detectLocale({ browserLanguages: ['pt-PT'] })).toBe('pt-BR');
  });

  it('takes the first browser language that maps to a supported locale', () => {
    expect(detectLocale({ browserLanguages: ['fr-FR', 'de', 'es-ES', 'en'] })).toBe('es');
    expect(detectLocale({ browserLanguages: [undefined, '', null, 'en'] })).toBe('en');
  });

  it('falls back to the app default pt-BR when nothing matches', () => {
    expect(detectLocale({ browserLanguages: ['fr-FR', 'de-DE', 'zh'] })).toBe('pt-BR');
    expect(detectLocale({})).toBe('pt-BR');
    expect(detectLocale({ cookie: 'xx', browserLanguages: [] })).toBe('pt-BR');
  });

  it('maps single browser languages', () => {
    expect(localeFromBrowserLanguage('  ')).toBeUndefined();
    expect(localeFromBrowserLanguage('fr')).toBeUndefined();
    expect(localeFromBrowserLanguage('es-419')).toBe('es');
  });
});

describe('locale cookie', () => {
  it('reads one cookie among several', () => {
    expect(readCookie('a=1; i18n_lang=es; b=2', 'i18n_lang')).toBe('es');
    expect(readCookie('i18n_lang=pt-BR', 'i18n_lang')).toBe('pt-BR');
    expect(readCookie('x_i18n_lang=en; other', 'i18n_lang')).toBeUndefined();
    expect(readCookie('', 'i18n_lang')).toBeUndefined();
    expect(readCookie('i18n_lang=%E0%A4%A', 'i18n_lang')).toBe('%E0%A4%A');
  });

  it('is written for 365 days on the whole site', () => {
    expect(localeCookieString('es')).toBe('i18n_lang=es; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(localeCookieString('pt-BR', true)).toContain('; Secure');
  });
});
