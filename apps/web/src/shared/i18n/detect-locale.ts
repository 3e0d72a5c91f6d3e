import { DEFAULT_LOCALE, LOCALES, type Locale } from '@portal/kernel';

/** Cookie holding the user's explicit language choice (000 §4.11), kept 365 days. */
export const LOCALE_COOKIE = 'i18n_lang';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface LocaleSources {
  /** Value of the i18n_lang cookie, if any. */
  cookie?: string | null;
  /** Browser languages in preference order (navigator.languages, else [navigator.language]). */
  browserLanguages?: readonly (string | null | undefined)[];
}

const findSupported = (candidate: string): Locale | undefined =>
  LOCALES.find((locale) => locale.toLowerCase() === candidate.toLowerCase());

/**
 * One browser language to a supported locale, or undefined (000 §4.11):
 * "pt" becomes pt-BR; otherwise an exact match (case-insensitive, so "PT-br" works);
 * else the first two letters lowercased when supported ("es-MX" -> es, "en-US" -> en).
 * A two-letter "pt" reached that way also becomes pt-BR ("pt-PT" -> pt-BR): pt-BR is the
 * only Portuguese the portal has.
 */
export const localeFromBrowserLanguage = (language: string): Locale | undefined => {
  const trimmed = language.trim();
  if (trimmed.length === 0) return undefined;
  if (trimmed.toLowerCase() === 'pt') return 'pt-BR';
  const exact = findSupported(trimmed);
  if (exact) return exact;
  const primary = trimmed.slice(0, 2).toLowerCase();
  if (primary === 'pt') return 'pt-BR';
  return findSupported(primary);
};

/**
 * The locale to start with: the cookie when it names a supported locale, then the first
 * browser language that maps to one, else the app default (pt-BR).
 */
export const detectLocale = ({ cookie, browserLanguages = [] }: LocaleSources): Locale => {
  if (cookie) {
    const fromCookie = findSupported(cookie.trim());
    if (fromCookie) return fromCookie;
  }
  for (const language of browserLanguages) {
    if (!language) continue;
    const locale = localeFromBrowserLanguage(language);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
};

/** Reads one cookie from a `document.cookie` string. */
export const readCookie = (cookieString: string, name: string): string | undefined => {
  for (const part of cookieString.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
};

/** The Set-Cookie style string that stores the chosen locale for a year. */
export const localeCookieString = (locale: Locale, secure = false): string =>
  `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
