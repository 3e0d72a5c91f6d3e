import { mutationOptions, queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { companyRoutes, type Company, type CompanyDomainsRequest, type CreateCompanyRequest, type UpdateCompanyRequest } from '@portal/identity/contracts/companies.http';
import { callRoute } from '../../../shared/api/client';
import { invalidateManagerCompaniesData, MANAGER_COMPANIES_QUERIES } from './keys';

/** GET /api/manage-users/company-list: every company (manage_all_companies) or the manager's own. */
export const fetchCompanies = (signal?: AbortSignal): Promise<Company[]> => callRoute(companyRoutes.companyList, { signal });

export const companiesQueryOptions = () =>
  queryOptions({
    queryKey: [...MANAGER_COMPANIES_QUERIES, 'companies'] as const,
    queryFn: ({ signal }) => fetchCompanies(signal),
    staleTime: 30_000,
  });

export const useCompanies = () => useSuspenseQuery(companiesQueryOptions());

/** GET /api/manage-users/manager-company: the caller's own company (a manager without manage_all_companies reads it only). */
export const fetchManagerCompany = (signal?: AbortSignal): Promise<Company> => callRoute(companyRoutes.managerCompany, { signal });

export const managerCompanyQueryOptions = () =>
  queryOptions({
    queryKey: [...MANAGER_COMPANIES_QUERIES, 'manager-company'] as const,
    queryFn: ({ signal }) => fetchManagerCompany(signal),
    staleTime: 30_000,
  });

export const useManagerCompany = () => useSuspenseQuery(managerCompanyQueryOptions());

export type SaveCompany =
  | { kind: 'create'; body: CreateCompanyRequest }
  | { kind: 'update'; companyId: string; body: UpdateCompanyRequest; domains: CompanyDomainsRequest | null };

/**
 * POST /api/manage-users/company, or PUT /api/manage-users/company/{id} then
 * PUT /api/manage-users/company/{id}/domains when the domains or the flag changed.
 */
export const saveCompany = async (save: SaveCompany): Promise<Company> => {
  if (save.kind === 'create') return callRoute(companyRoutes.createCompany, { body: save.body });
  const params = { id: save.companyId };
  let company = Object.keys(save.body).length > 0 ? await callRoute(companyRoutes.updateCompany, { params, body: save.body }) : null;
  if (save.domains) company = await callRoute(companyRoutes.changeCompanyDomains, { params, body: save.domains });
  return company ?? callRoute(companyRoutes.company, { params });
};

export const saveCompanyMutationOptions = () => mutationOptions({ mutationKey: [...MANAGER_COMPANIES_QUERIES, 'saveCompany'] as const, mutationFn: saveCompany });

export const useSaveCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({ ...saveCompanyMutationOptions(), onSuccess: () => invalidateManagerCompaniesData(queryClient) });
};
