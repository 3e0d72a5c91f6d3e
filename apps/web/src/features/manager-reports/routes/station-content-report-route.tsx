import { useLoaderData } from 'react-router';
import { ReportFrame } from '../components/report-frame';
import { reportLoader } from './report-route';

/** /manager/users/stations-content-report (001 §2): views, plays and completions per learner and entry. */
export const loader = reportLoader('station-content');

export function Component() {
  const { canPickCompany } = useLoaderData<typeof loader>();
  return <ReportFrame report="station-content" canPickCompany={canPickCompany} />;
}
