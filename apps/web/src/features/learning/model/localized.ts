import type { Locale } from '@portal/kernel';
import { filled, pickText, type LocalizedText } from '../../../shared/ui/shell/localized';

/** A text or a source per locale, as the learning contracts send them ({ 'pt-BR', es, en }). */
export type Localized = LocalizedText;
export { pickText };

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
