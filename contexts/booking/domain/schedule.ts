import type { FieldError } from '@portal/kernel';
import type { LocationDefinition, OpeningSchedule } from '../contracts/events.js';
import { addDays, isValidDate, isValidTime, isValidTimeZone, localDateOf, minutesOf, timeOf, weekdayOf, zonedToInstant } from './time.js';

/** Limits of a location definition (ADR 0010). */
export const LOCATION_LIMITS = {
  capacityMax: 500,
  slotMinutesMin: 15,
  slotMinutesMax: 480,
  horizonDaysMax: 365,
  closedDatesMax: 366,
  hoursMax: 21,
} as const;

/** Semantic checks the contract's shape cannot express; paths name the offending fields. */
export function validateDefinition(def: LocationDefinition): FieldError[] {
  const errors: FieldError[] = [];
  const add = (path: string, message: string) => errors.push({ path, message });
  if (def.name.trim().length === 0) add('name', 'required');
  if (def.addressLines.length === 0 || def.addressLines.every((l) => l.trim().length === 0)) add('addressLines', 'required');
  if (!Number.isInteger(def.capacity) || def.capacity < 1 || def.capacity > LOCATION_LIMITS.capacityMax) add('capacity', 'between');
  if (!isValidTimeZone(def.timezone)) add('timezone', 'timezone');
  if (!/^#[0-9a-fA-F]{6}$/.test(def.color)) add('color', 'color');
  if (!/^[A-Z]{2}$/.test(def.country)) add('country', 'country');
  errors.push(...validateSchedule(def.schedule));
  return errors;
}

export function validateSchedule(s: OpeningSchedule): FieldError[] {
  const errors: FieldError[] = [];
  const add = (path: string, message: string) => errors.push({ path: `schedule.${path}`, message });
  if (!Number.isInteger(s.slotMinutes) || s.slotMinutes < LOCATION_LIMITS.slotMinutesMin || s.slotMinutes > LOCATION_LIMITS.slotMinutesMax || s.slotMinutes % 5 !== 0) {
    add('slotMinutes', 'between');
  }
  if (!Number.isInteger(s.horizonDays) || s.horizonDays < 1 || s.horizonDays > LOCATION_LIMITS.horizonDaysMax) add('horizonDays', 'between');
  if (s.hours.length === 0) add('hours', 'required');
  if (s.hours.length > LOCATION_LIMITS.hoursMax) add('hours', 'maxLength');
  s.hours.forEach((h, i) => {
    if (!isValidTime(h.opens) || !isValidTime(h.closes)) return add(`hours.${i}`, 'time');
    if (minutesOf(h.closes) - minutesOf(h.opens) < s.slotMinutes) add(`hours.${i}`, 'closesBeforeFirstSlotEnds');
    const overlaps = s.hours.some(
      (o, j) => j < i && o.weekday === h.weekday && isValidTime(o.opens) && isValidTime(o.closes) && minutesOf(o.opens) < minutesOf(h.closes) && minutesOf(h.opens) < minutesOf(o.closes),
    );
    if (overlaps) add(`hours.${i}`, 'overlaps');
  });
  if (s.closedDates.length > LOCATION_LIMITS.closedDatesMax) add('closedDates', 'maxLength');
  s.closedDates.forEach((d, i) => {
    if (!isValidDate(d)) add(`closedDates.${i}`, 'date');
  });
  return errors;
}

/** Start times ("HH:mm", ascending) of the slots the schedule offers on a local date. */
export function slotTimesOn(schedule: OpeningSchedule, date: string): string[] {
  if (!isValidDate(date) || schedule.closedDates.includes(date)) return [];
  const weekday = weekdayOf(date);
  const starts = new Set<number>();
  for (const h of schedule.hours) {
    if (h.weekday !== weekday) continue;
    const closes = minutesOf(h.closes);
    for (let t = minutesOf(h.opens); t + schedule.slotMinutes <= closes; t += schedule.slotMinutes) starts.add(t);
  }
  return [...starts].sort((a, b) => a - b).map(timeOf);
}

export type AppointmentCheck =
  | { ok: true; startsAt: Date; endsAt: Date }
  | { ok: false; reason: 'date' | 'closed' | 'not-a-slot' | 'past' | 'beyond-horizon' };

/**
 * Whether a visitor may book `date` `time` at the location at instant `now`: a slot the schedule
 * offers, not on a closed date, starting after now and within the booking horizon (counted in
 * the location's own calendar).
 */
export function checkAppointment(def: LocationDefinition, date: string, time: string, now: Date): AppointmentCheck {
  if (!isValidDate(date) || !isValidTime(time)) return { ok: false, reason: 'date' };
  if (def.schedule.closedDates.includes(date)) return { ok: false, reason: 'closed' };
  if (!slotTimesOn(def.schedule, date).includes(time)) return { ok: false, reason: 'not-a-slot' };
  const startsAt = zonedToInstant(date, time, def.timezone);
  if (startsAt.getTime() <= now.getTime()) return { ok: false, reason: 'past' };
  const today = localDateOf(now, def.timezone);
  if (date > addDays(today, def.schedule.horizonDays)) return { ok: false, reason: 'beyond-horizon' };
  const endsAt = new Date(startsAt.getTime() + def.schedule.slotMinutes * 60_000);
  return { ok: true, startsAt, endsAt };
}
