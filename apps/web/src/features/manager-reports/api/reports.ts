import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '@portal/kernel';
import { companyRoutes } from '@portal/identity/contracts/companies.http';
import { reportPageRoutes, reportRoutes, type ReportFilters, type ReportFormat, type ReportName } from '@portal/reporting/contracts/reports';
import { callRoute, routeUrl } from '../../../shared/api/client';
import { fetchFile, saveFile } from '../../../shared/api/file-download';
import type { ReportParams } from '../model/report-params';
import { MANAGER_REPORTS_QUERIES } from './keys';


const queryOf = (params: ReportParams, lang: Locale) => ({
  ...params.filters,
  ...(params.sort ? { sort: params.sort } : {}),
  ...(params.dir ? { dir: params.dir } : {}),
  page: params.page,
  pageSize: 50,
  lang,
});

/** GET /api/reports/<report>: one page under the URL's filters. */
export const reportPageQueryOptions = (report: ReportName, params: ReportParams, lang: Locale) =>
  queryOptions({
    queryKey: [...MANAGER_REPORTS_QUERIES, report, 'page', lang, params] as const,
    queryFn: ({ signal }) => callRoute(reportPageRoutes[report] as (typeof reportPageRoutes)['answers'], { query: queryOf(params, lang) as never, signal }),
    staleTime: 30_000,
    retry: false,
  });
/** The previous page stays on screen while the next loads. */
export const useReportPage = (report: ReportName, params: ReportParams, lang: Locale) => useQuery({ ...reportPageQueryOptions(report, params, lang), placeholderData: keepPreviousData });

/** GET /api/reports/answers/trend: answers per week under the same filters (the chart). */
export const answersTrendQueryOptions = (filters: ReportFilters) =>
  queryOptions({
    queryKey: [...MANAGER_REPORTS_QUERIES, 'answers', 'trend', filters] as const,
    queryFn: ({ signal }) => callRoute(reportRoutes.answersTrend, { query: filters, signal }),
    staleTime: 30_000,
    retry: false,
  });
export const useAnswersTrend = (filters: ReportFilters) => useQuery({ ...answersTrendQueryOptions(filters), placeholderData: keepPreviousData });

/** GET /api/reports/companies: the companies the picker offers (asked only when the caller reads every company). */
export const reportCompaniesQueryOptions = () =>
  queryOptions({ queryKey: [...MANAGER_REPORTS_QUERIES, 'companies'] as const, queryFn: ({ signal }) => callRoute(reportRoutes.reportCompanies, { signal }), staleTime: 5 * 60_000 });
export const useReportCompanies = (enabled: boolean) => useQuery({ ...reportCompaniesQueryOptions(), enabled });

/** GET /api/adminApi/manager-reports-lookups/acl-tags-options: the ACL tags the filter offers (a free text field when it is not offered to the caller). */
export const reportAclTagsQueryOptions = () =>
  queryOptions({ queryKey: [...MANAGER_REPORTS_QUERIES, 'acl-tags'] as const, queryFn: ({ signal }) => callRoute(companyRoutes.aclTagsOptions, { signal }), staleTime: 5 * 60_000, retry: false });
/** Asked only of callers of the manager area (identity's rule); the auditor, who reads reports outside it, gets the text field. */
export const useReportAclTags = (enabled: boolean) => useQuery({ ...reportAclTagsQueryOptions(), enabled });

/** GET /api/reports/<report>/export: the whole filtered report as a file, saved by the browser. Returns the file name. */
export async function downloadReport(report: ReportName, format: ReportFormat, params: ReportParams, lang: Locale): Promise<string> {
  const { page: _page, pageSize: _size, ...query } = queryOf(params, lang);
  const url = routeUrl(`/reports/${report}/export`, {}, { ...query, format });
  const blob = await fetchFile(url, format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const name = `${report}-${new Date().toISOString().slice(0, 10)}.${format}`;
  saveFile(blob, name);
  return name;
}
