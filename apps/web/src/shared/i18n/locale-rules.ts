import { isLocale, type Locale } from '@portal/kernel';

/**
 * Locale decisions of 000 §4.11 and issue 3 beyond the first detection (detect-locale.ts),
 * pure so they are unit tested.
 */

const hostnameOf = (host: string): string => host.trim().toLowerCase().replace(/:\d+$/, '');

/**
 * The Spanish-language domain forces es (000 §4.11): the configured domain itself or any of
 * its subdomains (www.), whatever the port.
 */
export const forcedLocaleForHost = (host: string, spanishDomain: string | null | undefined): Locale | undefined => {
  if (!spanishDomain) return undefined;
  const domain = hostnameOf(spanishDomain);
  const hostname = hostnameOf(host);
  if (domain.length === 0) return undefined;
  return hostname === domain || hostname.endsWith(`.${domain}`) ? 'es' : undefined;
};

export interface AfterSignInInput {
  /** The locale the domain forces, if any. */
  forced?: Locale;
  /** The i18n_lang cookie as read (any value counts as an explicit choice). */
  cookie?: string | null;
  /** The profile's lang (/userData). */
  profileLang: string | null;
  /** The language on screen now. */
  current: Locale;
}

export interface AfterSignInDecision {
  /** Switch to this locale and remember it in the cookie. */
  apply?: Locale;
  /** Save this locale as the profile's lang (it has none). */
  syncProfile?: Locale;
}

/**
 * After sign-in: without an i18n_lang cookie the profile's language wins (and is remembered);
 * a profile without one takes the language on screen. A cookie (an explicit choice on this
 * device) or a forced domain locale is left alone.
 */
export const localeAfterSignIn = ({ forced, cookie, profileLang, current }: AfterSignInInput): AfterSignInDecision => {
  if (forced) return {};
  if (cookie && isLocale(cookie.trim())) return {};
  if (profileLang && isLocale(profileLang)) return profileLang === current ? {} : { apply: profileLang };
  return { syncProfile: current };
};

/**
 * An e-mail link names the language of its mail (lang=pt-BR): the action screen speaks it,
 * unless the user chose a language on this device or the domain forces one. Not remembered.
 */
export const localeForActionLink = (linkLang: string | null | undefined, cookie: string | null | undefined, forced?: Locale): Locale | undefined => {
  if (forced || !linkLang || !isLocale(linkLang)) return undefined;
  if (cookie && isLocale(cookie.trim())) return undefined;
  return linkLang;
};

/** A change of language is saved to the profile only by a signed-in user, off a forced domain. */
export const shouldSyncProfileLang = (signedIn: boolean, forced?: Locale): boolean => signedIn && !forced;

/** Head data brands (common.branding.*): users from Argentina or Uruguay get the Spanish one. */
export type HeadBrand = 'default' | 'latam';

export interface HeadBranding {
  brand: HeadBrand;
  /** The language of the head data. */
  lng: Locale;
}

export const SPANISH_BRANDED_COUNTRIES: readonly string[] = ['AR', 'UY'];

/** Title and description of the page head (000 §1): Spanish-branded for AR and UY users. */
export const headBranding = (country: string | null | undefined, current: Locale): HeadBranding =>
  country && SPANISH_BRANDED_COUNTRIES.includes(country) ? { brand: 'latam', lng: 'es' } : { brand: 'default', lng: current };
