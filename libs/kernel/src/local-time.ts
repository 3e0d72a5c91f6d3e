/**
 * Calendar arithmetic on local dates ("YYYY-MM-DD") and times ("HH:mm"), and the one conversion
 * the domains need: a place's local date and time to an instant, through Intl (no library, no
 * clock: instants arrive from outside). Shared by booking (slots of a location) and events
 * (a scheduled event's day and hours); moved here from booking's domain unchanged.
 */

/** ISO weekday: 1 = Monday ... 7 = Sunday. */
export type IsoWeekdayNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;

const dateParts = (date: string): [number, number, number] | null => {
  const m = DATE.exec(date);
  if (!m) return null;
  return [Number(m[1]), Number(m[2]), Number(m[3])];
};

export const isValidDate = (date: string): boolean => {
  const p = dateParts(date);
  if (!p) return false;
  const d = new Date(Date.UTC(p[0], p[1] - 1, p[2]));
  return d.getUTCFullYear() === p[0] && d.getUTCMonth() === p[1] - 1 && d.getUTCDate() === p[2];
};

export const isValidTime = (time: string): boolean => TIME.test(time);

/** "09:30" -> 570 */
export const minutesOf = (time: string): number => {
  const m = TIME.exec(time);
  if (!m) throw new RangeError(`not a time: ${time}`);
  return Number(m[1]) * 60 + Number(m[2]);
};

/** 570 -> "09:30" */
export const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const utcDay = (date: string): number => {
  const p = dateParts(date);
  if (!p) throw new RangeError(`not a date: ${date}`);
  return Date.UTC(p[0], p[1] - 1, p[2]);
};

const dateOfUtcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const weekdayOf = (date: string): IsoWeekdayNumber => {
  const day = new Date(utcDay(date)).getUTCDay();
  return (day === 0 ? 7 : day) as IsoWeekdayNumber;
};

export const addDays = (date: string, days: number): string => dateOfUtcDay(utcDay(date) + days * DAY_MS);

/** Whole days from `a` to `b` (negative when b is earlier). */
export const daysBetween = (a: string, b: string): number => Math.round((utcDay(b) - utcDay(a)) / DAY_MS);

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

export const isValidTimeZone = (timeZone: string): boolean => {
  if (typeof timeZone !== 'string' || timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
};

/** Wall-clock fields of an instant in a zone. */
const wallClock = (instantMs: number, timeZone: string) => {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
};

const offsetMs = (instantMs: number, timeZone: string): number => {
  const w = wallClock(instantMs, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - (instantMs - (((instantMs % 1000) + 1000) % 1000));
};

/** The instant at which it is `date` `time` in `timeZone` (a time skipped by a DST change moves forward). */
export const zonedToInstant = (date: string, time: string, timeZone: string): Date => {
  const local = utcDay(date) + minutesOf(time) * 60_000;
  let guess = local - offsetMs(local, timeZone);
  guess = local - offsetMs(guess, timeZone);
  return new Date(guess);
};

/** The local date ("YYYY-MM-DD") of an instant in a zone. */
export const localDateOf = (instant: Date, timeZone: string): string => {
  const w = wallClock(instant.getTime(), timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
};

/** The local time ("HH:mm") of an instant in a zone. */
export const localTimeOf = (instant: Date, timeZone: string): string => {
  const w = wallClock(instant.getTime(), timeZone);
  return timeOf(w.hour * 60 + w.minute);
};
