import { useLoaderData } from 'react-router';
import { ReportFrame } from '../components/report-frame';
import { reportLoader } from './report-route';

/** /manager/users/stations-content-answers-report (001 §2): media questions per learner and entry. */
export const loader = reportLoader('station-content-answers');

export function Component() {
  const { canPickCompany } = useLoaderData<typeof loader>();
  return <ReportFrame report="station-content-answers" canPickCompany={canPickCompany} />;
}
