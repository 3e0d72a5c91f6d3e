/**
 * Dates and times as the visitor reads them. Slots are local to the training center: a date
 * ("YYYY-MM-DD") and a time ("HH:mm") are shown as they are, never converted to the browser's
 * zone; instants (deadlines) are shown in the center's zone with the zone's name.
 */
export function formatDate(date: string, locale: string, style: 'full' | 'long' | 'medium' = 'full'): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

export function formatInstant(iso: string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** The zone's name in the reader's language ("Brasilia Standard Time"), the IANA id when unknown. */
export function zoneName(timeZone: string, locale: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
    return part ? `${part.value} (${timeZone})` : timeZone;
  } catch {
    return timeZone;
  }
}

/** One line of a location's address. */
export function addressOf(l: { addressLines: string[]; number: string; city: string; state: string; postalCode: string }): string {
  return [[...l.addressLines, l.number].filter(Boolean).join(', '), [l.city, l.state].filter(Boolean).join(' - '), l.postalCode].filter(Boolean).join(', ');
}

/** Today ("YYYY-MM-DD") in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** A country's name in the reader's language (the same names the API sorts by). */
export function countryNameOf(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}
