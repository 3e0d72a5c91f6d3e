import { describe, expect, it } from 'vitest';
import { FALLBACK_APP_CONFIG } from './shared/config/app-config';
import { documentLocale } from './entry-server';

const config = { ...FALLBACK_APP_CONFIG, domains: { spanish: 'agro.example.es', brazilUniversity: null } };

/** 000 §4.11 on the server (ADR 0090): forced domain, then cookie, profile, Accept-Language, pt-BR. */
describe('documentLocale', () => {
  it('takes the cookie first, then the profile, then Accept-Language by preference, else pt-BR', () => {
    expect(documentLocale({ cookie: 'i18n_lang=en', 'accept-language': 'es' }, 'portal.example', config, 'pt-BR')).toBe('en');
    expect(documentLocale({ 'accept-language': 'en' }, 'portal.example', config, 'es')).toBe('es');
    expect(documentLocale({ 'accept-language': 'fr;q=1, en;q=0.4, es;q=0.9' }, 'portal.example', config, null)).toBe('es');
    expect(documentLocale({ 'accept-language': 'pt-PT' }, 'portal.example', config, undefined)).toBe('pt-BR');
    expect(documentLocale({}, 'portal.example', config, undefined)).toBe('pt-BR');
  });

  it('gives es on the Spanish domain whatever the cookie and the profile say', () => {
    expect(documentLocale({ cookie: 'i18n_lang=en' }, 'agro.example.es', config, 'pt-BR')).toBe('es');
  });
});
