import { canEnterManagerArea, canManagePrivacyRequests, canManageUsers, canReadMessagingReport, canReadReports, hasPermission, type AccessSubject } from '../../../shared/session/access';
import { MANAGER_ANSWERS_REPORT, MANAGER_COMPANIES, MANAGER_COMPANIES_REPORT, MANAGER_EXPERT_ASK_QUESTION, MANAGER_PODCAST_DOWNLOADS_REPORT, MANAGER_PRIVACY_REQUESTS, MANAGER_SCORM_UPLOAD, MANAGER_STATIONS_CONTENT_ANSWERS_REPORT, MANAGER_STATIONS_CONTENT_REPORT, MANAGER_STATIONS_REPORT, MANAGER_STATIONS_SCORE_REPORT, MANAGER_USERS, MANAGER_WHATSAPP_MESSAGES } from './manager-paths';

export type ManagerTab = 'users' | 'companies' | 'answers-report' | 'stations-content-answers-report' | 'stations-score-report' | 'companies-report' | 'stations-content-report' | 'stations-report' | 'ctb-cast-dowload-status' | 'expert-ask-question' | 'whatsapp-messages' | 'scorm-upload' | 'privacy-requests';

/**
 * The child views of /manager/users a manager may open (ADR 0054): the user list with
 * manage_companies_users (or manage_all_companies); the companies for everyone in the area
 * (every company with manage_all_companies, their own read only otherwise: ADR 0051). The
 * reports of issue 13 join here with their own permission.
 */
export const managerTabs = (user: AccessSubject | null | undefined): { value: ManagerTab; to: string }[] => [
  ...(canManageUsers(user) ? [{ value: 'users' as const, to: MANAGER_USERS }] : []),
  ...(canEnterManagerArea(user) ? [{ value: 'companies' as const, to: MANAGER_COMPANIES }] : []),
  ...(canReadReports(user)
    ? [
        { value: 'answers-report' as const, to: MANAGER_ANSWERS_REPORT },
        { value: 'stations-content-answers-report' as const, to: MANAGER_STATIONS_CONTENT_ANSWERS_REPORT },
        { value: 'stations-score-report' as const, to: MANAGER_STATIONS_SCORE_REPORT },
        { value: 'companies-report' as const, to: MANAGER_COMPANIES_REPORT },
        { value: 'stations-content-report' as const, to: MANAGER_STATIONS_CONTENT_REPORT },
        { value: 'stations-report' as const, to: MANAGER_STATIONS_REPORT },
        { value: 'ctb-cast-dowload-status' as const, to: MANAGER_PODCAST_DOWNLOADS_REPORT },
        { value: 'expert-ask-question' as const, to: MANAGER_EXPERT_ASK_QUESTION },
      ]
    : []),
  ...(canReadMessagingReport(user) ? [{ value: 'whatsapp-messages' as const, to: MANAGER_WHATSAPP_MESSAGES }] : []),
  // SCORM zips into stations (issue 27): the catalogue is every company's, so manage_all_companies only
  ...(hasPermission(user, 'manage_all_companies') ? [{ value: 'scorm-upload' as const, to: MANAGER_SCORM_UPLOAD }] : []),
  // data subjects' requests (LGPD, issue 31)
  ...(canManagePrivacyRequests(user) ? [{ value: 'privacy-requests' as const, to: MANAGER_PRIVACY_REQUESTS }] : []),
];

/** The tab of a path: the longest tab path it is under (the list is the empty path). */
export const currentTab = (pathname: string): ManagerTab => {
  const under = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  if (under(MANAGER_COMPANIES_REPORT)) return 'companies-report';
  if (under(MANAGER_STATIONS_SCORE_REPORT)) return 'stations-score-report';
  if (under(MANAGER_COMPANIES)) return 'companies';
  if (under(MANAGER_ANSWERS_REPORT)) return 'answers-report';
  if (under(MANAGER_STATIONS_CONTENT_ANSWERS_REPORT)) return 'stations-content-answers-report';
  if (under(MANAGER_STATIONS_CONTENT_REPORT)) return 'stations-content-report';
  if (under(MANAGER_STATIONS_REPORT)) return 'stations-report';
  if (under(MANAGER_PODCAST_DOWNLOADS_REPORT)) return 'ctb-cast-dowload-status';
  if (under(MANAGER_EXPERT_ASK_QUESTION)) return 'expert-ask-question';
  if (under(MANAGER_WHATSAPP_MESSAGES)) return 'whatsapp-messages';
  if (under(MANAGER_SCORM_UPLOAD)) return 'scorm-upload';
  if (under(MANAGER_PRIVACY_REQUESTS)) return 'privacy-requests';
  return 'users';
};
