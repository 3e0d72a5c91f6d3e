import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { identityRoutes, type UserData } from '@portal/identity/contracts/http';
import { callRoute } from './client';

/**
 * GET /api/userData: the signed-in user's profile (000 §3), with displayName and initials.
 * Shared because the session guards of several features need it; a 401 means signed out.
 */
export const fetchUserData = (signal?: AbortSignal): Promise<UserData> => callRoute(identityRoutes.userData, { signal });

export const USER_DATA_KEY = ['identity', 'userData'] as const;

export const userDataQueryOptions = () =>
  queryOptions({
    queryKey: USER_DATA_KEY,
    queryFn: ({ signal }) => fetchUserData(signal),
    staleTime: 60_000,
  });

export const useUserData = () => useSuspenseQuery(userDataQueryOptions());

/** The profile as a command answered it (updateUserProfile answers /userData). */
export const storeUserData = (client: QueryClient, user: UserData): void => {
  client.setQueryData(USER_DATA_KEY, user);
};

/** Reads /userData again (after a token refresh, a picture change...) and answers it. */
export const reloadUserData = (client: QueryClient): Promise<UserData> => client.fetchQuery({ ...userDataQueryOptions(), staleTime: 0 });
