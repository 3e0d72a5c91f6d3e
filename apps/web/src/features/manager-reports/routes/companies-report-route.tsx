import { useLoaderData } from 'react-router';
import { CompaniesChart } from '../components/companies-chart';
import { ReportFrame } from '../components/report-frame';
import { reportLoader } from './report-route';

/**
 * /manager/users/companies-report (001 §2 companies; its own path, since /manager/users/companies
 * is the companies administration): each company's fields, users, active users and completions,
 * with a chart comparing the companies on the page. A company manager sees their company's row.
 */
export const loader = reportLoader('companies-report');

export function Component() {
  const { canPickCompany } = useLoaderData<typeof loader>();
  return <ReportFrame report="companies-report" canPickCompany={canPickCompany} chart={() => <CompaniesChart />} />;
}
