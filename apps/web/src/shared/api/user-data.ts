import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { userDataSchema, type UserData } from '@portal/identity/contracts';
import { apiGet } from './client';

/**
 * GET /api/userData: the signed-in user's profile (000 §3), with displayName and initials.
 * Shared because the session guards of several features need it; a 401 means signed out.
 */
export const fetchUserData = (signal?: AbortSignal): Promise<UserData> => apiGet('/userData', userDataSchema, signal);

export const userDataQueryOptions = () =>
  queryOptions({
    queryKey: ['identity', 'userData'] as const,
    queryFn: ({ signal }) => fetchUserData(signal),
    staleTime: 60_000,
  });

export const useUserData = () => useSuspenseQuery(userDataQueryOptions());
