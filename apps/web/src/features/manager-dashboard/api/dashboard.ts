import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reportingRoutes, type ManagerDashboard } from '@portal/reporting/contracts/http';
import { callRoute } from '../../../shared/api/client';
import { MANAGER_DASHBOARD_QUERIES } from './keys';

/** GET /api/manager/dashboard: one company's figures (without companyId: the caller's own company). */
export const fetchDashboard = (companyId: string | undefined, signal?: AbortSignal): Promise<ManagerDashboard> =>
  callRoute(reportingRoutes.managerDashboard, { query: companyId ? { companyId } : {}, signal });

export const dashboardQueryOptions = (companyId: string | undefined) =>
  queryOptions({
    queryKey: [...MANAGER_DASHBOARD_QUERIES, 'dashboard', companyId ?? 'own'] as const,
    queryFn: ({ signal }) => fetchDashboard(companyId, signal),
    staleTime: 60_000,
  });

/** The previous company's figures stay on screen while another company's load. */
export const useDashboard = (companyId: string | undefined) => useQuery({ ...dashboardQueryOptions(companyId), placeholderData: keepPreviousData });
