import { useLoaderData } from 'react-router';
import { AnswersTrendChart } from '../components/answers-trend-chart';
import { ReportFrame } from '../components/report-frame';
import { reportLoader } from './report-route';

/** /manager/users/answers-report (001 §2): every answer, with a weekly chart above the table. */
export const loader = reportLoader('answers');

export function Component() {
  const { canPickCompany } = useLoaderData<typeof loader>();
  return <ReportFrame report="answers" canPickCompany={canPickCompany} chart={(filters) => <AnswersTrendChart filters={filters} />} />;
}
