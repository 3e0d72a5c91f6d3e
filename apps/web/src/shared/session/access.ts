import { dashboardScope, isCompanyStaff, managerReadScope, managerScope, messagingScope, privacyRequestScope, type ManagerScope } from '@portal/identity/contracts/manager-scope';
import type { Permission, Role } from '@portal/kernel';

/**
 * The store's access checks of 000 §6 and 001 §6, pure over whatever describes the user: the
 * token claims or /userData both fit. They decide what the SPA offers; the API enforces.
 */
export interface AccessSubject {
  roles: readonly Role[];
  permissions: readonly Permission[];
  aclTags?: readonly string[];
  companyId: string | null;
  country: string | null;
  /** Map of station id to true; "all" grants every station. */
  allowedStations: 'all' | Readonly<Record<string, true>>;
  hasStationsAccess?: boolean;
}

/** A station as the checks need it: its id and the areas it belongs to (000 §3 station summary). */
export interface StationAreas {
  id: string;
  areas?: readonly string[] | null;
}

/** The area of content without one (000 §4.12). */
export const DEFAULT_AREA = 'default';

type Subject = AccessSubject | null | undefined;

export const hasRole = (subject: Subject, role: Role): boolean => subject?.roles.includes(role) ?? false;

export const hasAnyRole = (subject: Subject, roles: readonly Role[]): boolean => roles.some((role) => hasRole(subject, role));

export const hasPermission = (subject: Subject, permission: Permission): boolean => subject?.permissions.includes(permission) ?? false;

/** Country membership, case-sensitive as the Brazil check of 000 §4.5 ("BR", not "br"). */
export const isCountry = (subject: Subject, ...countries: readonly string[]): boolean =>
  subject?.country != null && countries.includes(subject.country);

/**
 * Station key check: the station is in allowedStations, or allowedStations is "all". These are the
 * explicit grants only; what the user may open (with the default access, ADR 0033) is what the API lists.
 */
export const canAccessStation = (subject: Subject, stationId: string): boolean => {
  if (!subject || stationId.length === 0) return false;
  if (subject.allowedStations === 'all') return true;
  return Object.hasOwn(subject.allowedStations, stationId) && subject.allowedStations[stationId] === true;
};

/** Company membership exists when companyId is set (001 §6). */
export const hasCompany = (subject: Subject): boolean => typeof subject?.companyId === 'string' && subject.companyId.length > 0;

/** Whether the user sees the "My content" button (000 §6). */
export const hasStationsAccess = (subject: Subject): boolean => subject?.hasStationsAccess === true;

const inArea = (station: StationAreas, area: string): boolean => (station.areas && station.areas.length > 0 ? station.areas : [DEFAULT_AREA]).includes(area);

/**
 * Area access (000 §6, for example "training"): some station the user may open lists the area
 * among its areas; a station without areas is in the default area.
 */
export const hasArea = (subject: Subject, stations: readonly StationAreas[], area: string): boolean =>
  stations.some((station) => inArea(station, area) && canAccessStation(subject, station.id));

/**
 * Area access over the stations GET /api/stations listed for the user: the API lists only what
 * the access rule lets them open, the default access of a learner included (ADR 0033), which
 * allowedStations alone does not show.
 */
export const listsArea = (stations: readonly StationAreas[], area: string): boolean => stations.some((station) => inArea(station, area));

/** ACL tag check: the tag itself or the family's "all" tag (dist:all, team:all, 000 §3). */
export const hasAclTag = (subject: Subject, tag: string): boolean => {
  const tags = subject?.aclTags ?? [];
  if (tags.includes(tag)) return true;
  const separator = tag.indexOf(':');
  return separator > 0 && tags.includes(`${tag.slice(0, separator)}:all`);
};

/** The actor the identity contracts' scope rules read (the rules never look at the id). */
const actorOf = (subject: AccessSubject) => ({ userId: '', roles: subject.roles, permissions: subject.permissions, companyId: subject.companyId });

/**
 * The manager area /manager/users (001 §2, §6; ADR 0054): company_manager or company_admin with a
 * company, or a holder of manage_all_companies (every company is theirs, with or without one).
 */
export const canEnterManagerArea = (subject: Subject): boolean =>
  hasPermission(subject, 'manage_all_companies') || (subject != null && isCompanyStaff(subject) && hasCompany(subject));

/** The user list and its writes (issue 14): the server's managerScope (identity contracts) is not "none". */
export const canManageUsers = (subject: Subject): boolean => subject != null && managerScope(actorOf(subject)).kind !== 'none';

/**
 * The dashboards the user may read (001 §2; ADR 0053, 0054), the server's dashboardScope: their
 * company's with view_manager_dashboard, any company's with manage_all_companies. The route's
 * guard and the side menu's entry both read it.
 */
export const managerDashboardScope = (subject: Subject): ManagerScope => (subject == null ? { kind: 'none' } : dashboardScope(actorOf(subject)));

/**
 * The manager reports (issue 16, ADR 0070) and the support inbox (ADR 0080), the server's rule:
 * identity's managerReadScope (own company with manage_companies_users; every company with
 * manage_all_companies), and the auditor (every company).
 */
export const reportScope = (subject: Subject): ManagerScope => (subject == null ? { kind: 'none' } : managerReadScope(actorOf(subject)));
export const canReadReports = (subject: Subject): boolean => reportScope(subject).kind !== 'none';
/** The support inbox /manager/support: the same rule as the reports (the server scopes the senders). */
export const canReadSupportInbox = canReadReports;

/** The messaging report (001 §2 whatsapp-messages, ADR 0073), the server's messagingScope: manage_whatsapp only (no auditor by role). */
export const messagingReportScope = (subject: Subject): ManagerScope => (subject == null ? { kind: 'none' } : messagingScope(actorOf(subject)));
export const canReadMessagingReport = (subject: Subject): boolean => messagingReportScope(subject).kind !== 'none';

/** The manager dashboard (001 §2): the server's dashboardScope is not "none" (manage_all_companies picks the company). */
export const canViewManagerDashboard = (subject: Subject): boolean => managerDashboardScope(subject).kind !== 'none';

/** The privacy requests of the manager area (LGPD, ADR 0092), the server's privacyRequestScope: a company_admin's company, every company with manage_all_companies. */
export const canManagePrivacyRequests = (subject: Subject): boolean => subject != null && privacyRequestScope(subject).kind !== 'none';
