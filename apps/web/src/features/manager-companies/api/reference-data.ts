import { mutationOptions, queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { companyRoutes, type ReferenceItem, type SaveReferenceItemRequest } from '@portal/identity/contracts/companies.http';
import type { ReferenceList } from '@portal/identity/contracts/shapes';
import { callRoute } from '../../../shared/api/client';
import { invalidateManagerCompaniesData, MANAGER_COMPANIES_QUERIES } from './keys';

export type ReferenceData = Partial<Record<ReferenceList, ReferenceItem[]>>;

/** GET /api/manage-users/reference-data: every list with its items in three locales (manage_all_companies). */
export const fetchReferenceData = (signal?: AbortSignal): Promise<ReferenceData> => callRoute(companyRoutes.referenceData, { signal });

export const referenceDataQueryOptions = () =>
  queryOptions({
    queryKey: [...MANAGER_COMPANIES_QUERIES, 'reference-data'] as const,
    queryFn: ({ signal }) => fetchReferenceData(signal),
    staleTime: 30_000,
  });

export const useReferenceData = () => useSuspenseQuery(referenceDataQueryOptions());

/** POST /api/manage-users/reference-data/{list}: adds or changes an item. */
export const saveReferenceItem = ({ list, body }: { list: ReferenceList; body: SaveReferenceItemRequest }): Promise<ReferenceItem> =>
  callRoute(companyRoutes.saveReferenceItem, { params: { list }, body });

/** DELETE /api/manage-users/reference-data/{list}/{itemId}: the item leaves the options. */
export const retireReferenceItem = ({ list, itemId }: { list: ReferenceList; itemId: string }): Promise<ReferenceItem> =>
  callRoute(companyRoutes.retireReferenceItem, { params: { list, itemId } });

export const saveReferenceItemMutationOptions = () => mutationOptions({ mutationKey: [...MANAGER_COMPANIES_QUERIES, 'saveReferenceItem'] as const, mutationFn: saveReferenceItem });
export const retireReferenceItemMutationOptions = () => mutationOptions({ mutationKey: [...MANAGER_COMPANIES_QUERIES, 'retireReferenceItem'] as const, mutationFn: retireReferenceItem });

export const useSaveReferenceItem = () => {
  const queryClient = useQueryClient();
  return useMutation({ ...saveReferenceItemMutationOptions(), onSuccess: () => invalidateManagerCompaniesData(queryClient) });
};

export const useRetireReferenceItem = () => {
  const queryClient = useQueryClient();
  return useMutation({ ...retireReferenceItemMutationOptions(), onSuccess: () => invalidateManagerCompaniesData(queryClient) });
};
