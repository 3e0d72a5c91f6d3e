import { useLoaderData } from 'react-router';
import { messagingReportScope } from '../../../shared/session/access';
import { ReportFrame } from '../components/report-frame';
import { reportLoader } from './report-route';

/** /manager/users/whatsapp-messages (001 §2): user messages, our responses, send dates; manage_whatsapp only (ADR 0073). */
export const loader = reportLoader('messaging', messagingReportScope);

export function Component() {
  const { canPickCompany } = useLoaderData<typeof loader>();
  return <ReportFrame report="messaging" canPickCompany={canPickCompany} />;
}
