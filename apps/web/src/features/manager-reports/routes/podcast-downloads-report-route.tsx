import { useLoaderData } from 'react-router';
import { ReportFrame } from '../components/report-frame';
import { reportLoader } from './report-route';

/** /manager/users/ctb-cast-dowload-status (001 §2): podcast episode downloads: episode, learner, date. */
export const loader = reportLoader('podcast-downloads');

export function Component() {
  const { canPickCompany } = useLoaderData<typeof loader>();
  return <ReportFrame report="podcast-downloads" canPickCompany={canPickCompany} />;
}
