import { data, type LoaderFunctionArgs } from 'react-router';
import type { Locale } from '@portal/kernel';
import type { ReportName } from '@portal/reporting/contracts/reports';
import { queryClient } from '../../../shared/api/query-client';
import { i18n, loadNamespaces } from '../../../shared/i18n/i18n';
import { reportScope, type AccessSubject } from '../../../shared/session/access';
import type { ManagerScope } from '@portal/identity/contracts/manager-scope';
import { requireSession } from '../../../shared/session/guards';
import { reportPageQueryOptions } from '../api/reports';
import { reportParamsOf } from '../model/report-params';

/**
 * The loader every report route shares: signed in, the report scope of the server (company staff
 * with manage_companies_users, manage_all_companies, auditor; the messaging report passes its own,
 * manage_whatsapp; the error page's 403 otherwise), the
 * namespace, and the first page prefetched (an error shows in the frame, not the error page).
 */
export const reportLoader =
  (report: ReportName, scopeOf: (user: AccessSubject) => ManagerScope = reportScope) =>
  async ({ request }: LoaderFunctionArgs): Promise<{ canPickCompany: boolean }> => {
    const url = new URL(request.url);
    const user = await requireSession(url);
    const scope = scopeOf(user);
    if (scope.kind === 'none') throw data(null, { status: 403 });
    await loadNamespaces('reports');
    await queryClient.prefetchQuery(reportPageQueryOptions(report, reportParamsOf(url.searchParams), i18n.language as Locale));
    return { canPickCompany: scope.kind === 'all' };
  };
