import { useLoaderData } from 'react-router';
import { ReportFrame } from '../components/report-frame';
import { reportLoader } from './report-route';

/** /manager/users/expert-ask-question (001 §2): questions to the experts, responses, who answered and when. */
export const loader = reportLoader('expert-questions');

export function Component() {
  const { canPickCompany } = useLoaderData<typeof loader>();
  return <ReportFrame report="expert-questions" canPickCompany={canPickCompany} />;
}
