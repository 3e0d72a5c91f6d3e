import { LOCALES, isLocale, type Locale } from '@portal/kernel';

/** A text per locale as the contracts send it ({ 'pt-BR', es, en }, some maybe missing). */
export type LocalizedText = Partial<Record<Locale, string>>;

/** A non-blank text. */
export const filled = (value: string | undefined): value is string => typeof value === 'string' && value.trim().length > 0;

/** The text in `locale`, else the first locale that has one, so a title never shows empty. */
export const pickText = (text: LocalizedText | null | undefined, locale: Locale): string => {
  if (!text) return '';
  const own = text[locale];
  if (filled(own)) return own;
  for (const other of LOCALES) {
    const value = text[other];
    if (filled(value)) return value;
  }
  return '';
};

/** i18next's language as a portal locale (pt-BR when it is anything else). */
export const asLocale = (language: string | undefined): Locale => (language && isLocale(language) ? language : 'pt-BR');
