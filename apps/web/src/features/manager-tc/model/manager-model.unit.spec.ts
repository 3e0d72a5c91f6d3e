import { describe, expect, it } from 'vitest';
import { monthGrid, occupancy, shiftMonth, tint, weekdayNames } from './calendar-grid';
import { csvFileName, filtersFrom, filtersToParams } from './booking-filters';

describe('staff calendar grid', () => {
  it('lays a month out in weeks starting on Sunday', () => {
    const weeks = monthGrid('2026-11');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]).toEqual({ date: '2026-11-01' }); // a Sunday
    expect(weeks[4]!.filter(Boolean).map((c) => c!.date)).toEqual(['2026-11-29', '2026-11-30']);
    const feb = monthGrid('2027-02', 1);
    expect(feb[0]!.slice(0, 1)).toEqual([{ date: '2027-02-01' }]); // a Monday
  });
  it('tints a day by how full it is', () => {
    expect(tint('#2f9e44', 0.5)).toBe('rgba(47, 158, 68, 0.50)');
    expect(occupancy(3, 2, 3)).toBe(0.5);
    expect(occupancy(0, 0, 10)).toBe(0);
  });
  it('moves between months and names weekdays in the reader language', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(weekdayNames('en')[0]).toBe('Sun');
    expect(weekdayNames('pt-BR', 1, 'long')[0]).toBe('segunda-feira');
  });
});

describe('booking list filters', () => {
  it('read only well-formed filters from the URL and write them back', () => {
    const f = filtersFrom(new URLSearchParams('status=confirmed&from=2026-11-01&to=bad&q=%20rita%20&locationId=x'));
    expect(f).toEqual({ status: 'confirmed', from: '2026-11-01', q: 'rita' });
    expect(filtersToParams(f).toString()).toBe('status=confirmed&from=2026-11-01&q=rita');
    expect(filtersFrom(new URLSearchParams('status=lost'))).toEqual({});
  });
  it('name the CSV after the filter', () => {
    expect(csvFileName({ status: 'confirmed', from: '2026-11-01', to: '2026-11-30' })).toBe('bookings_confirmed_2026-11-01_2026-11-30.csv');
    expect(csvFileName({})).toBe('bookings.csv');
  });
});
