/**
 * The events context's fixed rules (ADR 0060): presence windows, the staff screen's code windows
 * and who sees an event. Pure: instants arrive as ISO strings from the application layer.
 */
import { zonedToInstant } from '@portal/kernel';
import type { ScheduledEventDefinition } from '../contracts/events.js';

const MINUTE_MS = 60_000;

/** Check-in opens this long before the start and closes at the finish. */
export const CHECK_IN_OPENS_BEFORE_MINUTES = 60;
/** Check-out opens at the start and closes this long after the finish. */
export const CHECK_OUT_CLOSES_AFTER_MINUTES = 120;

export interface TimeWindow {
  opensAt: string;
  closesAt: string;
}

const shift = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MINUTE_MS).toISOString();

export const checkInWindow = (startsAt: string, endsAt: string): TimeWindow => ({ opensAt: shift(startsAt, -CHECK_IN_OPENS_BEFORE_MINUTES), closesAt: endsAt });
export const checkOutWindow = (startsAt: string, endsAt: string): TimeWindow => ({ opensAt: startsAt, closesAt: shift(endsAt, CHECK_OUT_CLOSES_AFTER_MINUTES) });
/** Both ends included: a scan at the finish still checks in. */
export const isWithin = (window: TimeWindow, at: string): boolean => Date.parse(at) >= Date.parse(window.opensAt) && Date.parse(at) <= Date.parse(window.closesAt);

/** Whole minutes between two instants (never negative). */
export const minutesBetween = (from: string, to: string): number => Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / MINUTE_MS));

/** The staff screen's code changes every 30 seconds (ADR 0060). */
export const CODE_WINDOW_MS = 30_000;
/** The window an instant falls in (a counter since the epoch). */
export const codeWindowAt = (iso: string): number => Math.floor(Date.parse(iso) / CODE_WINDOW_MS);
/**
 * A code is good in its own window and the one after it (a scan just as the screen changes still
 * works, so at most 60 s); anything older is a replay, and a window from the future is refused too.
 */
export const isCodeFresh = (window: number, now: string): boolean => {
  const current = codeWindowAt(now);
  return window === current || window === current - 1;
};

/** What the server knows of a learner for the "my events" rule (their session's claims). */
export interface Audience {
  country: string | null;
  allowedStations: Record<string, true> | 'all';
}

/** Learners see events of their country, and, when the event names cultures, only if allowed one of them. */
export const canSee = (definition: Pick<ScheduledEventDefinition, 'country' | 'cultures'>, audience: Audience): boolean =>
  audience.country !== null &&
  definition.country === audience.country &&
  (definition.cultures.length === 0 || audience.allowedStations === 'all' || definition.cultures.some((c) => (audience.allowedStations as Record<string, true>)[c] === true));

/** The event's day and hours in its time zone as instants (UTC ISO). */
export const eventInstants = (d: Pick<ScheduledEventDefinition, 'date' | 'startHour' | 'finishHour' | 'timezone'>): { startsAt: string; endsAt: string } => ({
  startsAt: zonedToInstant(d.date, d.startHour, d.timezone).toISOString(),
  endsAt: zonedToInstant(d.date, d.finishHour, d.timezone).toISOString(),
});
