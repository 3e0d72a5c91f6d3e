import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '@portal/identity/contracts';
import { LOCALES } from '@portal/kernel';
import { COPYRIGHT_YEAR, COUNTRY_LINKS, legalLinksFor } from './country-links';

describe('footer links (000 §1, §2.9)', () => {
  it('has terms, privacy, about and company links for each of the 16 countries and each locale', () => {
    expect(Object.keys(COUNTRY_LINKS).sort()).toEqual([...COUNTRY_CODES].sort());
    expect(COUNTRY_CODES).toHaveLength(16);
    for (const country of COUNTRY_CODES) {
      for (const locale of LOCALES) {
        const links = COUNTRY_LINKS[country][locale];
        for (const url of [links.terms, links.privacy, links.about, links.company]) expect(url, `${country} ${locale}`).toMatch(/^https:\/\/[a-z.-]+\/.+/);
        expect(new Set([links.terms, links.privacy, links.about, links.company]).size).toBe(4);
      }
    }
  });

  it('uses the user country, else the locale default', () => {
    expect(legalLinksFor('AR', 'es')).toMatchObject({ country: 'AR', terms: COUNTRY_LINKS.AR.es.terms });
    expect(legalLinksFor(null, 'es').country).toBe('MX');
    expect(legalLinksFor(undefined, 'pt-BR').country).toBe('BR');
    expect(legalLinksFor('XX', 'en').country).toBe('BR');
  });

  it('copyright year 2022', () => {
    expect(COPYRIGHT_YEAR).toBe(2022);
  });
});
