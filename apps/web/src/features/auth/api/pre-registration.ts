import { queryOptions, useQuery } from '@tanstack/react-query';
import { userAdminRoutes } from '@portal/identity/contracts/user-admin.http';
import { callRoute } from '../../../shared/api/client';

/**
 * GET /api/userPreRegister?hash= (000 §7, ADR 0050): the data a manager pre-registered, for the
 * registration screen opened from an invitation mail. An invalid, expired or used link fails.
 */
export const preRegistrationQueryOptions = (hash: string) =>
  queryOptions({
    queryKey: ['identity', 'userPreRegister', hash] as const,
    queryFn: ({ signal }) => callRoute(userAdminRoutes.preRegistration, { query: { hash }, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const usePreRegistration = (hash: string | null) => useQuery({ ...preRegistrationQueryOptions(hash ?? ''), enabled: hash !== null });
