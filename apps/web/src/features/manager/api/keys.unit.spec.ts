import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateManagedUsers } from './keys';
import { aclOptionsQueryOptions, referenceOptionsQueryOptions } from './lookups';
import { managedUserQueryOptions, userPageQueryOptions } from './users';

describe('a write to a user refetches the manager\'s user lists only (ADR 0009 §8)', () => {
  it('the lists and the open user go stale; the lookups and other features keep theirs', async () => {
    const client = new QueryClient();
    const users = [userPageQueryOptions({ q: 'ana' }, null).queryKey, userPageQueryOptions({}, 'c2').queryKey, managedUserQueryOptions('u1').queryKey];
    const kept = [referenceOptionsQueryOptions('pt-BR').queryKey, aclOptionsQueryOptions().queryKey, ['identity', 'userData'], ['manager-tc', 'locations']];
    for (const key of [...users, ...kept]) client.setQueryData(key, { cached: true });

    await invalidateManagedUsers(client);

    expect(users.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true]);
    expect(kept.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([false, false, false, false]);
  });

  it('a deleted user is not asked for again (it would answer 404 while the drawer closes); the lists are', async () => {
    const client = new QueryClient();
    const list: readonly unknown[] = userPageQueryOptions({}, null).queryKey;
    const keys: (readonly unknown[])[] = [list, managedUserQueryOptions('gone').queryKey, managedUserQueryOptions('other').queryKey];
    for (const key of keys) client.setQueryData(key, { cached: true });

    await invalidateManagedUsers(client, 'gone');

    expect(client.getQueryState(list)?.isInvalidated).toBe(true);
    expect(client.getQueryState(managedUserQueryOptions('gone').queryKey)?.isInvalidated).toBe(false);
    expect(client.getQueryState(managedUserQueryOptions('other').queryKey)?.isInvalidated).toBe(true);
  });
});
