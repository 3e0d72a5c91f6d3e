import { useLoaderData } from 'react-router';
import { ReportFrame } from '../components/report-frame';
import { reportLoader } from './report-route';

/** /manager/users/stations-score-report (001 §2): answer and usability scores and the score detail per learner and station. */
export const loader = reportLoader('station-scores');

export function Component() {
  const { canPickCompany } = useLoaderData<typeof loader>();
  return <ReportFrame report="station-scores" canPickCompany={canPickCompany} />;
}
