import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportingRoutes, type DashboardCompanies } from '@portal/reporting/contracts/http';
import { callRoute } from '../../../shared/api/client';
import { MANAGER_DASHBOARD_QUERIES } from './keys';

/** GET /api/manager/dashboard/companies: the companies the caller may pick. */
export const fetchDashboardCompanies = (signal?: AbortSignal): Promise<DashboardCompanies> => callRoute(reportingRoutes.dashboardCompanies, { signal });

export const dashboardCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: [...MANAGER_DASHBOARD_QUERIES, 'companies'] as const,
    queryFn: ({ signal }) => fetchDashboardCompanies(signal),
    staleTime: 5 * 60_000,
  });

/** Asked only when the caller may choose a company (manage_all_companies). */
export const useDashboardCompanies = (enabled: boolean) => useQuery({ ...dashboardCompaniesQueryOptions(), enabled });
