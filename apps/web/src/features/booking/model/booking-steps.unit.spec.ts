import { describe, expect, it } from 'vitest';
import { addMonths, monthRange, selectionFrom, stepOf, visibleMonth, withSelection } from './booking-steps';
import { addressOf, formatDate } from './format';

const LOCATION = '01900000-0000-7000-8000-00000000b001';

describe('booking steps in the URL', () => {
  it('walks location -> date -> time -> details', () => {
    expect(stepOf(selectionFrom(new URLSearchParams('')))).toBe('location');
    expect(stepOf(selectionFrom(new URLSearchParams(`location=${LOCATION}`)))).toBe('date');
    expect(stepOf(selectionFrom(new URLSearchParams(`location=${LOCATION}&date=2026-11-23`)))).toBe('time');
    expect(stepOf(selectionFrom(new URLSearchParams(`location=${LOCATION}&date=2026-11-23&time=10:00`)))).toBe('details');
  });
  it('ignores malformed values and whatever depends on them', () => {
    expect(selectionFrom(new URLSearchParams('location=nope&date=2026-11-23&time=10:00'))).toEqual({ location: null, date: null, time: null });
    expect(selectionFrom(new URLSearchParams(`location=${LOCATION}&date=23/11&time=10:00`))).toEqual({ location: LOCATION, date: null, time: null });
  });
  it('drops the later choices when an earlier one changes', () => {
    const all = new URLSearchParams(`location=${LOCATION}&date=2026-11-23&time=10:00&month=2026-11`);
    expect(withSelection(all, { date: '2026-11-24' }).toString()).toBe(`location=${LOCATION}&date=2026-11-24&month=2026-11`);
    expect(withSelection(all, { location: null }).toString()).toBe('');
    expect(withSelection(all, { time: '11:00' }).get('time')).toBe('11:00');
  });
  it('moves between months and clips the first month to today', () => {
    expect(addMonths('2026-11', 1)).toBe('2026-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(monthRange('2026-11', '2026-11-21')).toEqual({ from: '2026-11-21', to: '2026-11-30' });
    expect(monthRange('2027-02', '2026-11-21')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(visibleMonth(new URLSearchParams('month=2027-01'), '2026-11-21')).toBe('2027-01');
    expect(visibleMonth(new URLSearchParams('date=2026-12-02'), '2026-11-21')).toBe('2026-12');
    expect(visibleMonth(new URLSearchParams('month=13'), '2026-11-21')).toBe('2026-11');
  });
});

describe('formatting for the visitor', () => {
  it('shows a local date as it is, whatever the browser zone', () => {
    expect(formatDate('2026-11-23', 'pt-BR')).toBe('segunda-feira, 23 de novembro de 2026');
    expect(formatDate('2026-11-23', 'en')).toBe('Monday, November 23, 2026');
  });
  it('writes an address on one line', () => {
    expect(addressOf({ addressLines: ['Rodovia Dom Pedro I, km 140'], number: 's/n', city: 'Campinas', state: 'SP', postalCode: '13100-000' })).toBe(
      'Rodovia Dom Pedro I, km 140, s/n, Campinas - SP, 13100-000',
    );
  });
});

describe('today in the center time zone', () => {
  it('is the local date of the zone, not of the browser', async () => {
    const { todayIn } = await import('./format');
    const late = new Date('2026-11-24T02:30:00Z');
    expect(todayIn('America/Sao_Paulo', late)).toBe('2026-11-23');
    expect(todayIn('Asia/Tokyo', late)).toBe('2026-11-24');
  });
});
