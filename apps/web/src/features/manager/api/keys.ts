import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the manager's user screens (ADR 0009 §8): every query of this feature lives
 * under ['manager'], built by its own queryOptions factories. The user lists and single users
 * live under ['manager', 'users'] and are what a write makes stale; the lookups (reference
 * options, grantable access, crops, companies) live under ['manager', 'lookups'].
 */
export const MANAGER_QUERIES = ['manager'] as const;
export const MANAGER_USERS_QUERIES = [...MANAGER_QUERIES, 'users'] as const;
export const MANAGER_LOOKUPS = [...MANAGER_QUERIES, 'lookups'] as const;

/**
 * After a write to a user: the lists and the user on screen refetch; the lookups stay. A deleted
 * user (`gone`) is not asked for again: it would answer 404 while the drawer closes.
 */
export const invalidateManagedUsers = (client: QueryClient, gone?: string): Promise<void> =>
  client.invalidateQueries({ queryKey: MANAGER_USERS_QUERIES, predicate: (query) => gone === undefined || !(query.queryKey[2] === 'user' && query.queryKey[3] === gone) });
