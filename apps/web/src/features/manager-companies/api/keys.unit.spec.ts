import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { companiesQueryOptions, managerCompanyQueryOptions } from './companies';
import { invalidateManagerCompaniesData } from './keys';
import { referenceDataQueryOptions } from './reference-data';

describe('the companies screens invalidate their own queries only (ADR 0009 §8)', () => {
  it('a saved company or reference item refetches the companies and reference lists, and leaves other features alone', async () => {
    const client = new QueryClient();
    const own = [companiesQueryOptions().queryKey, managerCompanyQueryOptions().queryKey, referenceDataQueryOptions().queryKey];
    // what other features cache on the same tab (their keys, written out: features do not import each other)
    const others = [['identity', 'userData'], ['manager-tc', 'locations']];
    for (const key of [...own, ...others]) client.setQueryData(key, { cached: true });

    await invalidateManagerCompaniesData(client);

    expect(own.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true]);
    expect(others.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([false, false]);
  });
});
