import { describe, expect, it } from 'vitest';
import { filtersFrom, filtersToParams, pageCount, pageFrom, toListQuery, withFilters } from './event-filters';

describe('the list filters in the URL (001 §2: state, date range, region, culture, BU)', () => {
  it('reads what the API accepts and drops the rest', () => {
    const params = new URLSearchParams('state=published&from=2026-12-01&to=2026-12-31&region=Sul&culture=soy&bu=Seeds&q=campo&state2=x');
    expect(filtersFrom(params)).toEqual({ state: 'published', from: '2026-12-01', to: '2026-12-31', region: 'Sul', culture: 'soy', bu: 'Seeds', q: 'campo' });
    expect(filtersFrom(new URLSearchParams('state=lost&from=2026-13-45&region=%20%20'))).toEqual({});
    // a range backwards keeps its start
    expect(filtersFrom(new URLSearchParams('from=2026-12-31&to=2026-12-01'))).toEqual({ from: '2026-12-31' });
  });

  it('writes the same URL for the same list, with the page only past the first', () => {
    expect(filtersToParams({ bu: 'Seeds', state: 'draft' }, 1).toString()).toBe('state=draft&bu=Seeds');
    expect(filtersToParams({ state: 'draft' }, 3).toString()).toBe('state=draft&page=3');
    expect(withFilters({ state: 'draft', region: 'Sul' }, { region: '' })).toEqual({ state: 'draft' });
  });

  it('pages by offset', () => {
    expect(pageFrom(new URLSearchParams('page=3'))).toBe(3);
    expect(pageFrom(new URLSearchParams('page=-1'))).toBe(1);
    expect(toListQuery({ state: 'published' }, 3)).toEqual({ state: 'published', limit: 20, offset: 40 });
    expect(pageCount(0)).toBe(1);
    expect(pageCount(41)).toBe(3);
  });
});
