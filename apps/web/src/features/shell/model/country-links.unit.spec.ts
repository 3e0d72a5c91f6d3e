import { describe, expect, it } from 'vitest';
import { DEFAULT_LEGAL_LINKS } from '@portal/identity/contracts/http';
import { copyrightYear, isExternalLink, legalLinksFor } from './country-links';

describe('footer links (000 §2.9, issue 13)', () => {
  it("are the configured links; by default the portal's own public pages, no placeholder domain", () => {
    expect(DEFAULT_LEGAL_LINKS).toEqual({ about: '/br/sobre', terms: '/br/termos-de-uso', privacy: '/br/privacidade', company: '/br/empresa' });
    expect(Object.values(DEFAULT_LEGAL_LINKS).filter(isExternalLink)).toEqual([]);
    const configured = { ...DEFAULT_LEGAL_LINKS, terms: 'https://legal.example.com/terms' };
    expect(legalLinksFor('AR', 'es', configured)).toEqual({ ...configured, country: 'AR' });
    expect(isExternalLink(configured.terms)).toBe(true);
  });

  it('are for the user country, else the locale default', () => {
    expect(legalLinksFor(null, 'es', DEFAULT_LEGAL_LINKS).country).toBe('MX');
    expect(legalLinksFor(undefined, 'pt-BR', DEFAULT_LEGAL_LINKS).country).toBe('BR');
    expect(legalLinksFor('XX', 'en', DEFAULT_LEGAL_LINKS).country).toBe('BR');
  });

  it('copyright year: the current one, not 2022 (issue 26)', () => {
    expect(copyrightYear(new Date('2026-12-06T12:00:00Z'))).toBe(2026);
    expect(copyrightYear(new Date('2031-01-02T12:00:00Z'))).toBe(2031);
  });
});
