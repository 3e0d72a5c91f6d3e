import { describe, expect, it } from 'vitest';
import { asOfFromLocal, filteredBy, localFromAsOf, reportParamsOf, reportSearchOf, sortedBy } from './report-params';

describe('report params in the URL', () => {
  it('reads the filters, sort, direction and page; drops unknown names, empty values and a bad page', () => {
    const p = reportParamsOf(new URLSearchParams('from=2026-11-01&companyId=c1&state=&evil=1&sort=learner&dir=up&page=0'));
    expect(p).toEqual({ filters: { from: '2026-11-01', companyId: 'c1' }, sort: 'learner', dir: undefined, page: 1 });
  });

  it('writes back only what is set, and round-trips', () => {
    const p = reportParamsOf(new URLSearchParams('station=soy&aclTag=dist:all&sort=score&dir=asc&page=3'));
    expect(reportSearchOf(p).toString()).toBe('station=soy&aclTag=dist%3Aall&sort=score&dir=asc&page=3');
    expect(reportParamsOf(reportSearchOf(p))).toEqual(p);
  });

  it('sorting flips the direction of the same column, starts another descending, and goes back to page 1', () => {
    const p = reportParamsOf(new URLSearchParams('page=4'));
    expect(sortedBy(p, 'answeredAt', 'answeredAt')).toMatchObject({ sort: 'answeredAt', dir: 'asc', page: 1 });
    expect(sortedBy({ ...p, sort: 'learner', dir: 'asc' }, 'learner', 'answeredAt')).toMatchObject({ dir: 'desc' });
    expect(sortedBy(p, 'score', 'answeredAt')).toMatchObject({ sort: 'score', dir: 'desc' });
  });

  it('a filter change goes back to page 1; clearing removes it', () => {
    const p = reportParamsOf(new URLSearchParams('state=PR&page=2'));
    expect(filteredBy(p, 'state', null)).toEqual({ filters: {}, sort: undefined, dir: undefined, page: 1 });
    expect(filteredBy(p, 'group', 'g1').filters).toEqual({ state: 'PR', group: 'g1' });
  });

  it('"as of" goes from the local date-time picker to ISO and back', () => {
    const asOf = asOfFromLocal('2026-11-01T09:30');
    expect(asOf).toBe(new Date('2026-11-01T09:30').toISOString());
    expect(localFromAsOf(asOf)).toBe('2026-11-01T09:30');
    // to the second
    const precise = asOfFromLocal('2026-11-01T09:30:05');
    expect(precise).toBe(new Date('2026-11-01T09:30:05').toISOString());
    expect(localFromAsOf(precise)).toBe('2026-11-01T09:30:05');
    expect(asOfFromLocal('')).toBeUndefined();
  });
});
