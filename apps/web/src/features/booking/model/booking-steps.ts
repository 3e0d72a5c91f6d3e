/**
 * The public booking flow as search parameters of /public/booking/:country, so every step can be
 * linked, reloaded and left with the back button: ?location=<id>&date=<YYYY-MM-DD>&time=<HH:mm>.
 * Pure, unit tested.
 */
export type BookingStep = 'location' | 'date' | 'time' | 'details';

export interface BookingSelection {
  location: string | null;
  date: string | null;
  time: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** What the URL selects; a malformed value counts as not chosen, and so does anything after it. */
export function selectionFrom(params: URLSearchParams): BookingSelection {
  const location = params.get('location');
  const date = params.get('date');
  const time = params.get('time');
  const validLocation = location && UUID.test(location) ? location : null;
  const validDate = validLocation && date && DATE.test(date) ? date : null;
  const validTime = validDate && time && TIME.test(time) ? time : null;
  return { location: validLocation, date: validDate, time: validTime };
}

export const stepOf = (s: BookingSelection): BookingStep => (!s.location ? 'location' : !s.date ? 'date' : !s.time ? 'time' : 'details');

/** Changing a choice drops the ones that depend on it (a new location needs a new date and time). */
export function withSelection(params: URLSearchParams, change: Partial<BookingSelection>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: keyof BookingSelection, value: string | null | undefined) => (value ? next.set(key, value) : next.delete(key));
  if ('location' in change) {
    set('location', change.location);
    next.delete('date');
    next.delete('time');
    next.delete('month');
  }
  if ('date' in change) {
    set('date', change.date);
    next.delete('time');
  }
  if ('time' in change) set('time', change.time);
  return next;
}

/** "2026-11" -> "2026-12" (n months later; negative goes back). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

export const monthOf = (date: string): string => date.slice(0, 7);

/** The month shown in the date step: ?month when valid, else the selected date's, else today's (location calendar). */
export const visibleMonth = (params: URLSearchParams, today: string): string => {
  const month = params.get('month');
  if (month && MONTH.test(month)) return month;
  const date = params.get('date');
  return date && DATE.test(date) ? monthOf(date) : monthOf(today);
};

/** First and last day of a month, clipped to start no earlier than `today`. */
export function monthRange(month: string, today: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const first = `${month}-01`;
  return { from: first < today ? today : first, to: last };
}
