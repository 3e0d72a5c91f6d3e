import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the training-center staff screens (ADR 0009 §8): every query of this feature
 * lives under ['manager-tc'] and is built by its own queryOptions factories, so its writes
 * invalidate its own data and never the public booking pages' (features/booking).
 */
export const MANAGER_TC_QUERIES = ['manager-tc'] as const;

/**
 * After a staff write (a status change, a saved location): the lists, calendars and locations on
 * screen refetch. Only this feature's queries.
 */
export const invalidateManagerTcData = (client: QueryClient): Promise<void> => client.invalidateQueries({ queryKey: MANAGER_TC_QUERIES });
