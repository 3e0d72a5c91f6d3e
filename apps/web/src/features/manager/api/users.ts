import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userDirectoryRoutes, type ManagedUser, type UserPage } from '@portal/identity/contracts/user-directory.http';
import { callRoute } from '../../../shared/api/client';
import { toFindQuery, type UserFilters } from '../model/user-filters';
import { MANAGER_USERS_QUERIES } from './keys';

/** GET /api/manage-users/find: one page of the users in the manager's scope, filtered and sorted. */
export const fetchUserPage = (filters: UserFilters, cursor: string | null, signal?: AbortSignal): Promise<UserPage> =>
  callRoute(userDirectoryRoutes.findUsers, { query: toFindQuery(filters, cursor), signal });

export const userPageQueryOptions = (filters: UserFilters, cursor: string | null) =>
  queryOptions({
    queryKey: [...MANAGER_USERS_QUERIES, 'find', filters, cursor] as const,
    queryFn: ({ signal }) => fetchUserPage(filters, cursor, signal),
    staleTime: 10_000,
  });

/** The page on screen; the previous one stays while the next loads (no blank table between pages). */
export const useUserPage = (filters: UserFilters, cursor: string | null) => useQuery({ ...userPageQueryOptions(filters, cursor), placeholderData: keepPreviousData });

/** GET /api/manage-users/user/:userId: one user's manager view with access (the edit drawer). */
export const fetchManagedUser = (userId: string, signal?: AbortSignal): Promise<ManagedUser> => callRoute(userDirectoryRoutes.getManagedUser, { params: { userId }, signal });

export const managedUserQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...MANAGER_USERS_QUERIES, 'user', userId] as const,
    queryFn: ({ signal }) => fetchManagedUser(userId, signal),
  });

export const useManagedUser = (userId: string | null) => useQuery({ ...managedUserQueryOptions(userId ?? ''), enabled: userId !== null });
