import { describe, expect, it } from 'vitest';
import { userFindQuerySchema } from '@portal/identity/contracts/user-directory.http';
import { activeFilterCount, FILTER_PARAMS, filtersFrom, filtersToParams, nextSort, toFindQuery, withFilters } from './user-filters';

const COMPANY = '01900000-0000-7000-8000-00000000c0de';

describe('the user list filters in the URL (ADR 0054)', () => {
  it('are named as the /find query parameters, paging aside', () => {
    expect(FILTER_PARAMS).toEqual(Object.keys(userFindQuerySchema.shape).filter((name) => name !== 'cursor' && name !== 'limit'));
  });

  it('a shared link opens the same filtered view', () => {
    const link = new URLSearchParams({ q: 'joao', companyId: COMPANY, role: 'learner', station: 'soja', hasAccount: 'false', createdFrom: '2026-01-01', sort: 'lastActiveAt', order: 'desc' });
    const filters = filtersFrom(link);
    expect(filters).toEqual({ q: 'joao', companyId: COMPANY, role: 'learner', station: 'soja', hasAccount: 'false', createdFrom: '2026-01-01', sort: 'lastActiveAt', order: 'desc' });
    expect(filtersFrom(filtersToParams(filters))).toEqual(filters);
  });

  it('drops what the API would refuse, keeping the rest of a hand-edited link', () => {
    const filters = filtersFrom(new URLSearchParams({ role: 'emperor', companyId: 'not-a-uuid', active: 'maybe', createdTo: '31/12/2026', country: 'BR', cursor: 'abc', limit: '100000', other: 'x' }));
    expect(filters).toEqual({ country: 'BR' });
  });

  it('an emptied filter leaves the URL, and changing one keeps the others', () => {
    const filters = { q: 'ana', country: 'BR' };
    expect(withFilters(filters, { q: '' })).toEqual({ country: 'BR' });
    expect(withFilters(filters, { role: 'company_manager' })).toEqual({ q: 'ana', country: 'BR', role: 'company_manager' });
    expect(activeFilterCount({ q: 'ana', sort: 'email', order: 'desc' })).toBe(1);
  });

  it('the /find query is valid for the contract, with a page size and the page cursor', () => {
    const query = toFindQuery({ q: 'ana', hasAccount: 'true', neverStarted: 'false' }, 'cursor-2');
    const parsed = userFindQuerySchema.parse(query);
    expect(parsed).toMatchObject({ q: 'ana', hasAccount: true, neverStarted: false, cursor: 'cursor-2', limit: 50 });
    expect(toFindQuery({}, null)).not.toHaveProperty('cursor');
  });

  it('a column click sorts by it; the same column flips the order; dates start with the newest', () => {
    expect(nextSort({}, 'email')).toEqual({ sort: 'email', order: 'asc' });
    expect(nextSort({ sort: 'email', order: 'asc' }, 'email')).toEqual({ sort: 'email', order: 'desc' });
    expect(nextSort({ q: 'x' }, 'name')).toEqual({ q: 'x', sort: 'name', order: 'desc' });
    expect(nextSort({}, 'lastActiveAt')).toEqual({ sort: 'lastActiveAt', order: 'desc' });
  });
});
