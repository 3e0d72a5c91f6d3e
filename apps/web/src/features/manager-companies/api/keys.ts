import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the companies and reference data screens (ADR 0009 §8): every query of this
 * feature lives under ['manager-companies'] and is built by its own queryOptions factories.
 */
export const MANAGER_COMPANIES_QUERIES = ['manager-companies'] as const;

/** After an administrator's write: the companies and reference lists on screen refetch (this feature's queries only). */
export const invalidateManagerCompaniesData = (client: QueryClient): Promise<void> => client.invalidateQueries({ queryKey: MANAGER_COMPANIES_QUERIES });
