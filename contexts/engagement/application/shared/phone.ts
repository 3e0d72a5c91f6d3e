import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * A phone number in E.164 (+5519999990000), or null when it is not a valid number. A number
 * without "+" is read as a number of the learner's country (their profile's country code).
 * libphonenumber-js with its full metadata: valid prefixes and lengths per country, not only digits.
 */
export function phoneE164(raw: string, country: string | null): string | null {
  const text = raw.trim();
  if (!text) return null;
  try {
    const parsed = parsePhoneNumberFromString(text, (country ?? undefined) as CountryCode | undefined);
    return parsed && parsed.isValid() ? parsed.number : null;
  } catch {
    return null;
  }
}
