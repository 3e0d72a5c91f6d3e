/**
 * UTC days and ISO weeks as the dashboard counts them (ADR 0053): a day is YYYY-MM-DD, a week is
 * known by its Monday (YYYY-MM-DD) and shown as its ISO week (2026-W47).
 */
import { addDays } from '@portal/kernel';

const DAY_MS = 86_400_000;

/** The UTC day of an ISO timestamp (a UTC one, ending in Z, is read without building a Date). */
export const dayOf = (iso: string): string => (iso.endsWith('Z') && iso[10] === 'T' ? iso.slice(0, 10) : new Date(iso).toISOString().slice(0, 10));

/** The Monday of the ISO week `day` falls in. */
export const weekStartOf = (day: string): string => {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  return addDays(day, -weekday);
};

/** The ISO week name of a week's Monday: the week belongs to the year of its Thursday. */
export const isoWeekOf = (monday: string): string => {
  const thursday = addDays(monday, 3);
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor((Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${year}-01-01T00:00:00Z`)) / DAY_MS / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
};

/** The Mondays of the `count` weeks up to the week of `day`, oldest first. */
export const lastWeeks = (day: string, count: number): string[] => {
  const current = weekStartOf(day);
  return Array.from({ length: count }, (_, i) => addDays(current, -7 * (count - 1 - i)));
};
