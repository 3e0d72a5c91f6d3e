/**
 * User management (001 §2): /manager/users with the user list (empty path) and its child views:
 * companies (features/manager-companies) and, with issue 13, the reports.
 */
export const MANAGER_USERS = '/manager/users';
export const MANAGER_COMPANIES = `${MANAGER_USERS}/companies`;
/** Bulk onboarding from a CSV file (ADR 0055): a view of the user list's tab. */
export const MANAGER_USERS_IMPORT = `${MANAGER_USERS}/import`;

/** The user list with its filters (the /find query names), for links that open a filtered view. */
export const usersPath = (params?: URLSearchParams): string => `${MANAGER_USERS}${params && params.size > 0 ? `?${params.toString()}` : ''}`;
/** The reports (001 §2 child views; issue 16, features/manager-reports). */
export const MANAGER_ANSWERS_REPORT = `${MANAGER_USERS}/answers-report`;
export const MANAGER_STATIONS_CONTENT_ANSWERS_REPORT = `${MANAGER_USERS}/stations-content-answers-report`;
export const MANAGER_EXPERT_ASK_QUESTION = `${MANAGER_USERS}/expert-ask-question`;
export const MANAGER_WHATSAPP_MESSAGES = `${MANAGER_USERS}/whatsapp-messages`;
export const MANAGER_STATIONS_SCORE_REPORT = `${MANAGER_USERS}/stations-score-report`;
/** The companies report: /manager/users/companies is issue 14's companies administration, so the report has a path of its own (ADR 0070). */
export const MANAGER_COMPANIES_REPORT = `${MANAGER_USERS}/companies-report`;
export const MANAGER_STATIONS_CONTENT_REPORT = `${MANAGER_USERS}/stations-content-report`;
export const MANAGER_STATIONS_REPORT = `${MANAGER_USERS}/stations-report`;
export const MANAGER_PODCAST_DOWNLOADS_REPORT = `${MANAGER_USERS}/ctb-cast-dowload-status`;
/** Uploading a SCORM zip into a station (issue 27, features/manager-content): holders of manage_all_companies. */
export const MANAGER_SCORM_UPLOAD = `${MANAGER_USERS}/scorm-upload`;
/** Data subjects' requests under LGPD (issue 31, features/privacy): company admins and manage_all_companies. */
export const MANAGER_PRIVACY_REQUESTS = `${MANAGER_USERS}/privacy-requests`;
