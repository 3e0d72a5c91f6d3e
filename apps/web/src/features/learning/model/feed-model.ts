import type { FeedItem, FeedPage } from '@portal/learning/contracts/http';

/** The time zone the history groups by (the browser's), in the shape the API accepts; UTC otherwise. */
const TIME_ZONE = /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$|^UTC$/;
export const feedTimeZone = (zone: string | undefined): string => (zone && zone.length <= 64 && TIME_ZONE.test(zone) ? zone : 'UTC');

let zone: string | undefined;

/** The browser's time zone, resolved once per page (a DateTimeFormat is costly to build). */
export const browserTimeZone = (): string => {
  if (zone !== undefined) return zone;
  try {
    zone = feedTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    zone = 'UTC';
  }
  return zone;
};

export interface HistoryGroup {
  calendar: string;
  items: FeedItem[];
}

export interface MergedFeed {
  items: FeedItem[];
  /** history: the days of every page loaded so far, a day split across pages joined */
  groups: HistoryGroup[] | null;
  total: number;
  nextOffset: number | null;
}

/** The pages of a playlist ("more" appends a page) as one list. */
export const mergeFeedPages = (pages: readonly FeedPage[]): MergedFeed => {
  const items: FeedItem[] = [];
  const seen = new Set<string>();
  let groups: HistoryGroup[] | null = null;
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.rowId)) continue;
      seen.add(item.rowId);
      items.push(item);
    }
    if (page.groups) {
      groups ??= [];
      for (const group of page.groups) {
        const last = groups[groups.length - 1];
        if (last && last.calendar === group.calendar) last.items = [...last.items, ...group.items];
        else groups.push({ calendar: group.calendar, items: [...group.items] });
      }
    }
  }
  const last = pages[pages.length - 1];
  return { items, groups, total: last?.total ?? 0, nextOffset: last?.nextOffset ?? null };
};

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of `now` in `timeZone`. */
export const calendarOf = (now: Date, timeZone: string): string => {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
};

const dayNumber = (calendar: string): number | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(calendar);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000;
};

/** How a history day is titled: today, yesterday, or its date. */
export const calendarKind = (calendar: string, today: string): 'today' | 'yesterday' | 'date' => {
  const day = dayNumber(calendar);
  const now = dayNumber(today);
  if (day === null || now === null) return 'date';
  if (day === now) return 'today';
  if (day === now - 1) return 'yesterday';
  return 'date';
};

/** A calendar day in the user's language (the day itself, whatever the time zone). */
export const formatCalendar = (calendar: string, locale: string): string => {
  const day = dayNumber(calendar);
  if (day === null) return calendar;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(day * 86_400_000));
};
