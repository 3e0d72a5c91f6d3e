import { COUNTRY_CODES, type CountryCode } from '@portal/identity/contracts/http';
import type { Locale } from '@portal/kernel';

/**
 * The footers' terms of use, privacy, about and company links (000 §2.9). They are deployment
 * settings published by /api/app-config (LEGAL_*_URL), by default the portal's own public pages
 * (/br/sobre, /br/termos-de-uso, ...; issue 13: no placeholder domain). A path opens in the
 * portal; an absolute URL opens in a new tab.
 */
export interface LegalLinks {
  terms: string;
  privacy: string;
  about: string;
  company: string;
}

/** Whether a link leaves the portal (an absolute URL) or is one of its own pages (a path). */
export const isExternalLink = (href: string): boolean => /^https?:\/\//.test(href);

/** Copyright year of the footers: the current year (000 §9 says 2022; issue 26 asks for the current one, ADR 0082). */
export const copyrightYear = (now: Date = new Date()): number => now.getFullYear();

/** Whose links a visitor sees when no country is known: Brazil for pt-BR and en, Mexico for es. */
export const DEFAULT_COUNTRY_FOR_LOCALE: Record<Locale, CountryCode> = { 'pt-BR': 'BR', es: 'MX', en: 'BR' };

export const isCountryCode = (value: string | null | undefined): value is CountryCode => typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);

/** The configured footer links, with the country the footer is for (the user's, else the locale's default). */
export const legalLinksFor = (country: string | null | undefined, locale: Locale, configured: LegalLinks): LegalLinks & { country: CountryCode } => {
  const code = isCountryCode(country) ? country : DEFAULT_COUNTRY_FOR_LOCALE[locale];
  return { ...configured, country: code };
};
