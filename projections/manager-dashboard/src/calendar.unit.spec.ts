import { describe, expect, it } from 'vitest';
import { addDays } from '@portal/kernel';
import { dayOf, isoWeekOf, lastWeeks, weekStartOf } from './calendar.js';

describe('dashboard calendar', () => {
  it('takes the UTC day of a timestamp, whatever its offset', () => {
    expect(dayOf('2026-11-21T23:30:00.000-03:00')).toBe('2026-11-22');
    expect(dayOf('2026-11-21T12:00:00.000Z')).toBe('2026-11-21');
  });

  it('finds the Monday of the ISO week, across months and years', () => {
    expect(weekStartOf('2026-11-21')).toBe('2026-11-16'); // a Saturday
    expect(weekStartOf('2026-11-16')).toBe('2026-11-16'); // a Monday
    expect(weekStartOf('2026-11-22')).toBe('2026-11-16'); // a Sunday ends the week
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('names ISO weeks by the year of their Thursday', () => {
    expect(isoWeekOf('2026-11-16')).toBe('2026-W47');
    expect(isoWeekOf('2026-12-28')).toBe('2026-W53'); // 2026 has 53 ISO weeks
    expect(isoWeekOf('2027-01-04')).toBe('2027-W01');
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
  });

  it('lists the last twelve weeks, oldest first, ending with the current one', () => {
    const weeks = lastWeeks('2026-11-21', 12);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toBe('2026-08-31');
    expect(weeks[11]).toBe('2026-11-16');
  });
});
