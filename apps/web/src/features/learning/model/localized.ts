import { LOCALES, type Locale } from '@portal/kernel';

/** A text or a source per locale, as the learning contracts send them ({ 'pt-BR', es, en }). */
export type Localized = Partial<Record<Locale, string>>;

const filled = (value: string | undefined): value is string => typeof value === 'string' && value.trim().length > 0;

/**
 * The text in `locale`; when it is missing, the first locale that has one (pt-BR, es, en),
 * so a title never shows empty.
 */
export const pickText = (text: Localized | null | undefined, locale: Locale): string => {
  if (!text) return '';
  const own = text[locale];
  if (filled(own)) return own;
  for (const other of LOCALES) {
    const value = text[other];
    if (filled(value)) return value;
  }
  return '';
};

export interface SourceChoice {
  /** the URL to play, or null when the entry has none (protected entries get a signed link) */
  src: string | null;
  /** the locale of that source */
  lang: Locale | null;
  /** false: show the contentLangNotFound banner (000 §2.10, §8) */
  inCurrentLanguage: boolean;
}

/**
 * The source to play for `locale` (learning contracts README): the current locale's when the
 * entry has one, else the first available language's, with a banner naming the current one.
 */
export const chooseSource = (entry: { src: Localized; languages: readonly Locale[] }, locale: Locale): SourceChoice => {
  const inCurrentLanguage = entry.languages.includes(locale);
  const order: Locale[] = inCurrentLanguage ? [locale, ...entry.languages.filter((l) => l !== locale)] : [...entry.languages];
  for (const lang of order) {
    const src = entry.src[lang];
    if (filled(src)) return { src, lang, inCurrentLanguage };
  }
  return { src: null, lang: order[0] ?? null, inCurrentLanguage };
};
