import { COUNTRY_CODES, type CountryCode } from '@portal/identity/contracts';
import type { Locale } from '@portal/kernel';

/**
 * Terms of use, privacy, about and company links for each of the 16 countries of 000 §1 and
 * each locale: the footers (000 §2.9) read this table. One row per country, one column per
 * locale; a legal team changes a URL here and nowhere else.
 */
export interface LegalLinks {
  terms: string;
  privacy: string;
  about: string;
  company: string;
}

export const COUNTRY_LINKS: Record<CountryCode, Record<Locale, LegalLinks>> = {
  BR: {
    'pt-BR': { terms: 'https://br.agroportal.example/pt-br/termos-de-uso', privacy: 'https://br.agroportal.example/pt-br/politica-de-privacidade', about: 'https://br.agroportal.example/pt-br/sobre-o-portal', company: 'https://br.agroportal.example/pt-br/a-empresa' },
    es: { terms: 'https://br.agroportal.example/es/terminos-de-uso', privacy: 'https://br.agroportal.example/es/politica-de-privacidad', about: 'https://br.agroportal.example/es/acerca-del-portal', company: 'https://br.agroportal.example/es/la-empresa' },
    en: { terms: 'https://br.agroportal.example/en/terms-of-use', privacy: 'https://br.agroportal.example/en/privacy-policy', about: 'https://br.agroportal.example/en/about-the-portal', company: 'https://br.agroportal.example/en/the-company' },
  },
  MX: {
    'pt-BR': { terms: 'https://mx.agroportal.example/pt-br/termos-de-uso', privacy: 'https://mx.agroportal.example/pt-br/politica-de-privacidade', about: 'https://mx.agroportal.example/pt-br/sobre-o-portal', company: 'https://mx.agroportal.example/pt-br/a-empresa' },
    es: { terms: 'https://mx.agroportal.example/es/terminos-de-uso', privacy: 'https://mx.agroportal.example/es/politica-de-privacidad', about: 'https://mx.agroportal.example/es/acerca-del-portal', company: 'https://mx.agroportal.example/es/la-empresa' },
    en: { terms: 'https://mx.agroportal.example/en/terms-of-use', privacy: 'https://mx.agroportal.example/en/privacy-policy', about: 'https://mx.agroportal.example/en/about-the-portal', company: 'https://mx.agroportal.example/en/the-company' },
  },
  AR: {
    'pt-BR': { terms: 'https://ar.agroportal.example/pt-br/termos-de-uso', privacy: 'https://ar.agroportal.example/pt-br/politica-de-privacidade', about: 'https://ar.agroportal.example/pt-br/sobre-o-portal', company: 'https://ar.agroportal.example/pt-br/a-empresa' },
    es: { terms: 'https://ar.agroportal.example/es/terminos-de-uso', privacy: 'https://ar.agroportal.example/es/politica-de-privacidad', about: 'https://ar.agroportal.example/es/acerca-del-portal', company: 'https://ar.agroportal.example/es/la-empresa' },
    en: { terms: 'https://ar.agroportal.example/en/terms-of-use', privacy: 'https://ar.agroportal.example/en/privacy-policy', about: 'https://ar.agroportal.example/en/about-the-portal', company: 'https://ar.agroportal.example/en/the-company' },
  },
  UY: {
    'pt-BR': { terms: 'https://uy.agroportal.example/pt-br/termos-de-uso', privacy: 'https://uy.agroportal.example/pt-br/politica-de-privacidade', about: 'https://uy.agroportal.example/pt-br/sobre-o-portal', company: 'https://uy.agroportal.example/pt-br/a-empresa' },
    es: { terms: 'https://uy.agroportal.example/es/terminos-de-uso', privacy: 'https://uy.agroportal.example/es/politica-de-privacidad', about: 'https://uy.agroportal.example/es/acerca-del-portal', company: 'https://uy.agroportal.example/es/la-empresa' },
    en: { terms: 'https://uy.agroportal.example/en/terms-of-use', privacy: 'https://uy.agroportal.example/en/privacy-policy', about: 'https://uy.agroportal.example/en/about-the-portal', company: 'https://uy.agroportal.example/en/the-company' },
  },
  CO: {
    'pt-BR': { terms: 'https://co.agroportal.example/pt-br/termos-de-uso', privacy: 'https://co.agroportal.example/pt-br/politica-de-privacidade', about: 'https://co.agroportal.example/pt-br/sobre-o-portal', company: 'https://co.agroportal.example/pt-br/a-empresa' },
    es: { terms: 'https://co.agroportal.example/es/terminos-de-uso', privacy: 'https://co.agroportal.example/es/politica-de-privacidad', about: 'https://co.agroportal.example/es/acerca-del-portal', company: 'https://co.agroportal.example/es/la-empresa' },
    en: { terms: 'https://co.agroportal.example/en/terms-of-use', privacy: 'https://co.agroportal.example/en/privacy-policy', about: 'https://co.agroportal.example/en/about-the-portal', company: 'https://co.agroportal.example/en/the-company' },
  },
  CR: {
    'pt-BR': { terms: 'https://cr.agroportal.example/pt-br/termos-de-uso', privacy: 'https://cr.agroportal.example/pt-br/politica-de-privacidade', about: 'https://cr.agroportal.example/pt-br/sobre-o-portal', company: 'https://cr.agroportal.example/pt-br/a-empresa' },
    es: { terms: 'https://cr.agroportal.example/es/terminos-de-uso', privacy: 'https://cr.agroportal.example/es/politica-de-privacidad', about: 'https://cr.agroportal.example/es/acerca-del-portal', company: 'https://cr.agroportal.example/es/la-empresa' },
    en: { terms: 'https://cr.agroportal.example/en/terms-of-use', privacy: 'https://cr.agroportal.example/en/privacy-policy', about: 'https://cr.agroportal.example/en/about-the-portal', company: 'https://cr.agroportal.example/en/the-company' },
  },
  CU: {
    'pt-BR': { terms: 'https://cu.agroportal.example/pt-br/termos-de-uso', privacy: 'https://cu.agroportal.example/pt-br/politica-de-privacidade', about: 'https://cu.agroportal.example/pt-br/sobre-o-portal', company: 'https://cu.agroportal.example/pt-br/a-empresa' },
    es: { terms: 'https://cu.agroportal.example/es/terminos-de-uso', privacy: 'https://cu.agroportal.example/es/politica-de-privacidad', about: 'https://cu.agroportal.example/es/acerca-del-portal', company: 'https://cu.agroportal.example/es/la-empresa' },
    en: { terms: 'https://cu.agroportal.example/en/terms-of-use', privacy: 'https://cu.agroportal.example/en/privacy-policy', about: 'https://cu.agroportal.example/en/about-the-portal', company: 'https://cu.agroportal.example/en/the-company' },
  },
  EC: {
    'pt-BR': { terms: 'https://ec.agroportal.example/pt-br/termos-de-uso', privacy: 'https://ec.agroportal.example/pt-br/politica-de-privacidade', about: 'https://ec.agroportal.example/pt-br/sobre-o-portal', company: 'https://ec.agroportal.example/pt-br/a-empresa' },
    es: { terms: 'https://ec.agroportal.example/es/terminos-de-uso', privacy: 'https://ec.agroportal.example/es/politica-de-privacidad', about: 'https://ec.agroportal.example/es/acerca-del-portal', company: 'https://ec.agroportal.example/es/la-empresa' },
    en: { terms: 'https://ec.agroportal.example/en/terms-of-use', privacy: 'https://ec.agroportal.example/en/privacy-policy', about: 'https://ec.agroportal.example/en/about-the-portal', company: 'https://ec.agroportal.example/en/the-company' },
  },
  SV: {
    'pt-BR': { terms: 'https://sv.agroportal.example/pt-br/termos-de-uso', privacy: 'https://sv.agroportal.example/pt-br/politica-de-privacidade', about: 'https://sv.agroportal.example/pt-br/sobre-o-portal', company: 'https://sv.agroportal.example/pt-br/a-empresa' },
    es: { terms: 'https://sv.agroportal.example/es/terminos-de-uso', privacy: 'https://sv.agroportal.example/es/politica-de-privacidad', about: 'https://sv.agroportal.example/es/acerca-del-portal', company: 'https://sv.agroportal.example/es/la-empresa' },
    en: { terms: 'https://sv.agroportal.example/en/terms-of-use', privacy: 'https://sv.agroportal.example/en/privacy-policy', about: 'https://sv.agroportal.example/en/about-the-portal', company: 'https://sv.agroportal.example/en/the-company' },
  },
  GT: {
    'pt-BR': { terms: 'https://gt.agroportal.example/pt-br/termos-de-uso', privacy: 'https://gt.agroportal.example/pt-br/politica-de-privacidade', about: 'https://gt.agroportal.example/pt-br/sobre-o-portal', company: 'https://gt.agroportal.example/pt-br/a-empresa' },
    es: { terms: 'https://gt.agroportal.example/es/terminos-de-uso', privacy: 'https://gt.agroportal.example/es/politica-de-privacidad', about: 'https://gt.agroportal.example/es/acerca-del-portal', company: 'https://gt.agroportal.example/es/la-empresa' },
    en: { terms: 'https://gt.agroportal.example/en/terms-of-use', privacy: 'https://gt.agroportal.example/en/privacy-policy', about: 'https://gt.agroportal.example/en/about-the-portal', company: 'https://gt.agroportal.example/en/the-company' },
  },
  HN: {
    'pt-BR': { terms: 'https://hn.agroportal.example/pt-br/termos-de-uso', privacy: 'https://hn.agroportal.example/pt-br/politica-de-privacidade', about: 'https://hn.agroportal.example/pt-br/sobre-o-portal', company: 'https://hn.agroportal.example/pt-br/a-empresa' },
    es: { terms: 'https://hn.agroportal.example/es/terminos-de-uso', privacy: 'https://hn.agroportal.example/es/politica-de-privacidad', about: 'https://hn.agroportal.example/es/acerca-del-portal', company: 'https://hn.agroportal.example/es/la-empresa' },
    en: { terms: 'https://hn.agroportal.example/en/terms-of-use', privacy: 'https://hn.agroportal.example/en/privacy-policy', about: 'https://hn.agroportal.example/en/about-the-portal', company: 'https://hn.agroportal.example/en/the-company' },
  },
  NI: {
    'pt-BR': { terms: 'https://ni.agroportal.example/pt-br/termos-de-uso', privacy: 'https://ni.agroportal.example/pt-br/politica-de-privacidade', about: 'https://ni.agroportal.example/pt-br/sobre-o-portal', company: 'https://ni.agroportal.example/pt-br/a-empresa' },
    es: { terms: 'https://ni.agroportal.example/es/terminos-de-uso', privacy: 'https://ni.agroportal.example/es/politica-de-privacidad', about: 'https://ni.agroportal.example/es/acerca-del-portal', company: 'https://ni.agroportal.example/es/la-empresa' },
    en: { terms: 'https://ni.agroportal.example/en/terms-of-use', privacy: 'https://ni.agroportal.example/en/privacy-policy', about: 'https://ni.agroportal.example/en/about-the-portal', company: 'https://ni.agroportal.example/en/the-company' },
  },
  PA: {
    'pt-BR': { terms: 'https://pa.agroportal.example/pt-br/termos-de-uso', privacy: 'https://pa.agroportal.example/pt-br/politica-de-privacidade', about: 'https://pa.agroportal.example/pt-br/sobre-o-portal', company: 'https://pa.agroportal.example/pt-br/a-empresa' },
    es: { terms: 'https://pa.agroportal.example/es/terminos-de-uso', privacy: 'https://pa.agroportal.example/es/politica-de-privacidad', about: 'https://pa.agroportal.example/es/acerca-del-portal', company: 'https://pa.agroportal.example/es/la-empresa' },
    en: { terms: 'https://pa.agroportal.example/en/terms-of-use', privacy: 'https://pa.agroportal.example/en/privacy-policy', about: 'https://pa.agroportal.example/en/about-the-portal', company: 'https://pa.agroportal.example/en/the-company' },
  },
  PE: {
    'pt-BR': { terms: 'https://pe.agroportal.example/pt-br/termos-de-uso', privacy: 'https://pe.agroportal.example/pt-br/politica-de-privacidade', about: 'https://pe.agroportal.example/pt-br/sobre-o-portal', company: 'https://pe.agroportal.example/pt-br/a-empresa' },
    es: { terms: 'https://pe.agroportal.example/es/terminos-de-uso', privacy: 'https://pe.agroportal.example/es/politica-de-privacidad', about: 'https://pe.agroportal.example/es/acerca-del-portal', company: 'https://pe.agroportal.example/es/la-empresa' },
    en: { terms: 'https://pe.agroportal.example/en/terms-of-use', privacy: 'https://pe.agroportal.example/en/privacy-policy', about: 'https://pe.agroportal.example/en/about-the-portal', company: 'https://pe.agroportal.example/en/the-company' },
  },
  VE: {
    'pt-BR': { terms: 'https://ve.agroportal.example/pt-br/termos-de-uso', privacy: 'https://ve.agroportal.example/pt-br/politica-de-privacidade', about: 'https://ve.agroportal.example/pt-br/sobre-o-portal', company: 'https://ve.agroportal.example/pt-br/a-empresa' },
    es: { terms: 'https://ve.agroportal.example/es/terminos-de-uso', privacy: 'https://ve.agroportal.example/es/politica-de-privacidad', about: 'https://ve.agroportal.example/es/acerca-del-portal', company: 'https://ve.agroportal.example/es/la-empresa' },
    en: { terms: 'https://ve.agroportal.example/en/terms-of-use', privacy: 'https://ve.agroportal.example/en/privacy-policy', about: 'https://ve.agroportal.example/en/about-the-portal', company: 'https://ve.agroportal.example/en/the-company' },
  },
  DO: {
    'pt-BR': { terms: 'https://do.agroportal.example/pt-br/termos-de-uso', privacy: 'https://do.agroportal.example/pt-br/politica-de-privacidade', about: 'https://do.agroportal.example/pt-br/sobre-o-portal', company: 'https://do.agroportal.example/pt-br/a-empresa' },
    es: { terms: 'https://do.agroportal.example/es/terminos-de-uso', privacy: 'https://do.agroportal.example/es/politica-de-privacidad', about: 'https://do.agroportal.example/es/acerca-del-portal', company: 'https://do.agroportal.example/es/la-empresa' },
    en: { terms: 'https://do.agroportal.example/en/terms-of-use', privacy: 'https://do.agroportal.example/en/privacy-policy', about: 'https://do.agroportal.example/en/about-the-portal', company: 'https://do.agroportal.example/en/the-company' },
  },
};

/** Copyright year of the footers (000 §9). */
export const COPYRIGHT_YEAR = 2022;

/** Whose links a visitor sees when no country is known: Brazil for pt-BR and en, Mexico for es. */
export const DEFAULT_COUNTRY_FOR_LOCALE: Record<Locale, CountryCode> = { 'pt-BR': 'BR', es: 'MX', en: 'BR' };

export const isCountryCode = (value: string | null | undefined): value is CountryCode => typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);

/** The footer links for a user's country (else the locale's default country) in the current locale. */
export const legalLinksFor = (country: string | null | undefined, locale: Locale): LegalLinks & { country: CountryCode } => {
  const code = isCountryCode(country) ? country : DEFAULT_COUNTRY_FOR_LOCALE[locale];
  return { ...COUNTRY_LINKS[code][locale], country: code };
};
