import { useLoaderData } from 'react-router';
import { ReportFrame } from '../components/report-frame';
import { reportLoader } from './report-route';

/** /manager/users/stations-report (001 §2): station visits per learner and station. */
export const loader = reportLoader('stations');

export function Component() {
  const { canPickCompany } = useLoaderData<typeof loader>();
  return <ReportFrame report="stations" canPickCompany={canPickCompany} />;
}
