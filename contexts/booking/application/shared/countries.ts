import type { Locale } from '@portal/kernel';

const displayNames = new Map<Locale, Intl.DisplayNames>();

/** A country's name in the reader's language (ICU data of the runtime), the code when unknown. */
export function countryName(country: string, locale: Locale): string {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    displayNames.set(locale, names);
  }
  try {
    return names.of(country) ?? country;
  } catch {
    return country;
  }
}
