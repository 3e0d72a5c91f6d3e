import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isValidDate, localDateOf, localTimeOf, weekdayOf, zonedToInstant } from './time.js';

describe('local dates and times', () => {
  it('converts a local time of a zone to the instant, across zones and a DST change', () => {
    expect(zonedToInstant('2026-11-23', '09:00', 'America/Sao_Paulo').toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(zonedToInstant('2026-11-23', '09:00', 'America/Mexico_City').toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(zonedToInstant('2026-07-01', '09:00', 'Europe/Madrid').toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(zonedToInstant('2026-01-15', '09:00', 'Europe/Madrid').toISOString()).toBe('2026-01-15T08:00:00.000Z');
  });
  it('gives the local date and time of an instant', () => {
    const late = new Date('2026-11-24T02:30:00Z');
    expect(localDateOf(late, 'America/Sao_Paulo')).toBe('2026-11-23');
    expect(localTimeOf(late, 'America/Sao_Paulo')).toBe('23:30');
    expect(localDateOf(late, 'UTC')).toBe('2026-11-24');
  });
  it('does calendar arithmetic on local dates', () => {
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-29')).toBe(7);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(daysBetween('2026-11-23', '2026-11-30')).toBe(7);
    expect(daysBetween('2026-11-30', '2026-11-23')).toBe(-7);
    expect(isValidDate('2026-02-30')).toBe(false);
    expect(isValidDate('2026-02-28')).toBe(true);
  });
});
