/**
 * Dates and times of an event as people read them: the day and hours are local to the event's
 * place (ADR 0060) and shown as they are, never converted to the reader's zone; instants
 * (check-in times, the quiz window) are shown in the event's zone.
 */
export function formatEventDate(date: string, locale: string, style: 'full' | 'long' | 'medium' = 'full'): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  if (!y || !m || !d) return date;
  return new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

export function formatInstant(iso: string | null, timeZone: string, locale: string, style: 'short' | 'time' = 'short'): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(locale, style === 'time' ? { timeStyle: 'short', timeZone } : { dateStyle: 'short', timeStyle: 'short', timeZone }).format(d);
  } catch {
    return d.toISOString();
  }
}

/** "Tuesday, 1 December 2026 · 08:00–12:00" */
export const eventWhen = (e: { date: string; startHour: string; finishHour: string }, locale: string): string =>
  `${formatEventDate(e.date, locale)} · ${e.startHour}–${e.finishHour}`;

/** The report's file name: event-<title>-<date>.csv, the title in plain letters. */
export function reportFileName(e: { title: string; date: string }, format: 'csv' | 'xlsx'): string {
  const slug = e.title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `event-${slug || 'report'}-${e.date}.${format}`;
}

/** Enrolled of vacancies as a 0-100 figure for a progress bar. */
export const fillPercent = (enrolled: number, vacancies: number): number => (vacancies > 0 ? Math.min(100, Math.round((enrolled / vacancies) * 100)) : 0);

/** Today in the browser's zone ("YYYY-MM-DD"). */
export const todayIso = (now: Date = new Date()): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};
