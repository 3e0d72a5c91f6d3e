import { queryOptions, useQuery } from '@tanstack/react-query';
import { privacyRoutes } from '@portal/identity/contracts/privacy';
import { callRoute } from '../../../shared/api/client';
import { MANAGER_DASHBOARD_QUERIES } from './keys';

/** The open privacy requests near their deadline (LGPD, ADR 0092) in the caller's privacy scope. */
export const privacyDeadlinesQueryOptions = () =>
  queryOptions({
    queryKey: [...MANAGER_DASHBOARD_QUERIES, 'privacy-deadlines'] as const,
    queryFn: ({ signal }) => callRoute(privacyRoutes.managedRequests, { query: { nearDeadline: 'true' }, signal }),
    staleTime: 60_000,
  });

export const usePrivacyDeadlines = (enabled: boolean) => useQuery({ ...privacyDeadlinesQueryOptions(), enabled });
