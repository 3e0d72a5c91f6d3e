import { DEFAULT_LOCALE, type Locale } from '@portal/kernel';

/** The text of a per-locale map (a JSON column) in the reader's language, else pt-BR. */
export const pick = (value: unknown, lang: Locale): string => {
  const map = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, string>;
  return map[lang] ?? map[DEFAULT_LOCALE] ?? '';
};
