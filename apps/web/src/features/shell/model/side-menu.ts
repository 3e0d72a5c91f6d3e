import type { StationSummary } from '@portal/learning/contracts/http';
import type { Locale, Role } from '@portal/kernel';
import { canEnterManagerArea, canReadReports, canViewManagerDashboard, DEFAULT_AREA, hasAnyRole, listsArea, type AccessSubject } from '../../../shared/session/access';

/**
 * The side menu of the default layout (000 §2.5) as a pure function: every item and its
 * condition, in order. The component only draws what this returns.
 */
export type MenuStation = Pick<
  StationSummary,
  'id' | 'stationId' | 'title' | 'isActive' | 'isDefault' | 'isUnavailable' | 'availabilityMessage' | 'areas' | 'pageTo' | 'listingOrder' | 'menu' | 'routeArea' | 'displayCategory' | 'parentId' | 'type' | 'isEnable'
>;

export interface SideMenuInput {
  locale: Locale;
  /** GET /api/stations: the caller's allowed, active stations */
  stations: readonly MenuStation[];
  /** the signed-in user's claims (roles, permissions, company, stations), null for a guest */
  user: AccessSubject | null;
  scormTest: boolean;
  production: boolean;
  /** window.location.host */
  host: string;
  /** app-config domains.brazilUniversity */
  brazilUniversityDomain: string | null;
  /** the scheduledEvents feature toggle (000 §6): Events and My events entries (issue 15) */
  scheduledEvents?: boolean;
}

export type SideMenuItem =
  | { id: 'home'; to: string }
  | { id: 'start'; to: string }
  | { id: 'station'; station: MenuStation; to: string; star: boolean; unavailable: boolean }
  | { id: 'university'; to: string }
  | { id: 'scorm'; to: string }
  | { id: 'questions' }
  | { id: 'dashboard'; to: string }
  | { id: 'manager'; to: string }
  | { id: 'scheduling'; to: string }
  | { id: 'audit'; to: string }
  | { id: 'events'; to: string }
  | { id: 'myEvents'; to: string }
  /** `smallScreenOnly`: shown below 992 px only (CSS, the same markup on every width; ADR 0090) */
  | { id: 'profile'; to: string; smallScreenOnly: true }
  | { id: 'signOut'; to: string; smallScreenOnly: true };

export const MENU_PATHS = {
  home: '/home',
  start: '/',
  training: '/training',
  courses: '/courses',
  dashboard: '/manager/dashboard',
  managerUsers: '/manager/users',
  scheduling: '/manager/tc',
  profile: '/account/profile',
  signOut: '/auth/logoff',
  history: '/feed/history',
  events: '/scheduled-events',
  myEvents: '/scheduled-events/my-events',
  audit: '/audit',
} as const;

export const SCHEDULED_EVENTS_PATH = MENU_PATHS.events;

/** 001 §2 "Events": Brazil only, for tc_admin, with the scheduledEvents toggle on (000 §2.6, §6). */
export const showScheduledEvents = (user: { country: string | null; roles: readonly Role[] } | null, scheduledEvents: boolean): boolean =>
  user !== null && user.country === 'BR' && user.roles.includes('tc_admin') && scheduledEvents;

/** Who enrols in events (ADR 0060, 0061): every signed-in role but the read-only auditor, with the toggle on. */
export const showMyEvents = (user: { roles: readonly Role[] } | null, scheduledEvents: boolean): boolean =>
  user !== null && scheduledEvents && user.roles.some((role) => role !== 'auditor');

const areasOf = (station: Pick<MenuStation, 'areas'>): readonly string[] => (station.areas.length > 0 ? station.areas : [DEFAULT_AREA]);

/** In the default content area (a station without areas is). */
export const inDefaultArea = (station: Pick<MenuStation, 'areas'>): boolean => areasOf(station).includes(DEFAULT_AREA);

/** Active for the menu: active, and not switched off in its menu settings. */
export const isMenuActive = (station: Pick<MenuStation, 'isActive' | 'menu'>): boolean => station.isActive && !station.menu.inactive;

/** Where a station's menu item goes: its menu override, else its page. */
export const stationLink = (station: Pick<MenuStation, 'pageTo' | 'menu'>): string => station.menu.toLinkOverride ?? station.pageTo;

/** The default station (the star): the one marked default. */
export const defaultStationOf = <S extends Pick<MenuStation, 'isDefault'>>(stations: readonly S[]): S | undefined => stations.find((s) => s.isDefault);

/** "display order": the menu's own order, then the listing order, then the id (stable). */
export const byDisplayOrder = (a: MenuStation, b: MenuStation): number =>
  a.menu.displayOrder - b.menu.displayOrder || a.listingOrder - b.listingOrder || a.stationId.localeCompare(b.stationId);

/** Host is the domain or one of its subdomains (case-insensitive, port ignored). */
export const isOnDomain = (host: string, domain: string | null): boolean => {
  if (!domain) return false;
  const bare = host.toLowerCase().replace(/:\d+$/, '');
  const target = domain.toLowerCase().replace(/:\d+$/, '');
  return bare === target || bare.endsWith(`.${target}`);
};

const stationItem = (station: MenuStation, star: boolean): SideMenuItem => ({
  id: 'station',
  station,
  to: stationLink(station),
  star,
  unavailable: station.isUnavailable,
});

export const buildSideMenu = (input: SideMenuInput): SideMenuItem[] => {
  const { locale, stations, user } = input;
  const items: SideMenuItem[] = [];
  const defaultStation = defaultStationOf(stations);
  const defaultActive = defaultStation !== undefined && isMenuActive(defaultStation);

  // 1. personal home
  items.push({ id: 'home', to: MENU_PATHS.home });
  // 2. start page: pt-BR only, when the default station is active
  if (locale === 'pt-BR' && defaultActive) items.push({ id: 'start', to: MENU_PATHS.start });
  // 3. the default station, with a star, only if active
  if (defaultStation && defaultActive) items.push(stationItem(defaultStation, true));
  // 4. the other active stations of the default area, by display order; the menu lists
  //    stations, not their parts (a crop's details are reached from the crop's map)
  const others = stations.filter((s) => s.parentId === null && isMenuActive(s) && inDefaultArea(s) && !s.isDefault).sort(byDisplayOrder);
  for (const station of others) items.push(stationItem(station, false));
  // 5. university training: training-area access, and non-production or the Brazilian university domain;
  //    the stations are the API's list for this user, already judged by the access rule (ADR 0033)
  if (user && listsArea(stations.map((s) => ({ id: s.stationId, areas: s.areas })), 'training') && (!input.production || isOnDomain(input.host, input.brazilUniversityDomain))) {
    items.push({ id: 'university', to: MENU_PATHS.training });
  }
  // 6. SCORM courses behind the scormTest toggle
  if (input.scormTest) items.push({ id: 'scorm', to: MENU_PATHS.courses });
  // 7. questions (pt-BR only): opens the support dialog
  if (locale === 'pt-BR') items.push({ id: 'questions' });
  // 8. dashboard: company manager or admin, with a company, and view_manager_dashboard; or
  //    manage_all_companies, who picks the company (ADR 0054)
  if (canViewManagerDashboard(user)) items.push({ id: 'dashboard', to: MENU_PATHS.dashboard });
  // 9. manager: company manager or admin with a company, or manage_all_companies with or without
  //    one (ADR 0054); /manager/users opens the first of its views the user may open
  // the auditor reads the reports (issue 16): their first tab
  if (canEnterManagerArea(user)) items.push({ id: 'manager', to: MENU_PATHS.managerUsers });
  else if (canReadReports(user)) items.push({ id: 'manager', to: `${MENU_PATHS.managerUsers}/answers-report` });
  // 10. scheduling: tc_manager or tc_admin
  if (hasAnyRole(user, ['tc_manager', 'tc_admin'])) items.push({ id: 'scheduling', to: MENU_PATHS.scheduling });
  // 10b. scheduled events (001 §2: Brazil, tc_admin, the toggle), and each attendee's own events (ADR 0061)
  if (showScheduledEvents(user, input.scheduledEvents === true)) items.push({ id: 'events', to: MENU_PATHS.events });
  if (showMyEvents(user, input.scheduledEvents === true)) items.push({ id: 'myEvents', to: MENU_PATHS.myEvents });
  // 10c. the auditor's area (issue 16, ADR 0071)
  if (hasAnyRole(user, ['auditor'])) items.push({ id: 'audit', to: MENU_PATHS.audit });
  // 11. profile and sign-out on small screens (hidden from 992 px by the component's CSS)
  if (user) {
    items.push({ id: 'profile', to: MENU_PATHS.profile, smallScreenOnly: true });
    items.push({ id: 'signOut', to: MENU_PATHS.signOut, smallScreenOnly: true });
  }
  return items;
};

export interface MenuFooterInput {
  locale: Locale;
  country: string | null;
  signedIn: boolean;
  /** a WhatsApp link when the deployment enables one (Brazil only) */
  whatsappUrl: string | null;
}

export interface MenuFooter {
  /** apps drawer with the sister apps (pt-BR) */
  apps: boolean;
  /** the NPS panel button */
  nps: boolean;
  /** support contact (opens the support dialog) */
  support: boolean;
  whatsapp: string | null;
}

/** Footer of the side menu (000 §2.5): apps drawer (pt-BR), NPS, support, WhatsApp for Brazil when enabled. */
export const buildMenuFooter = ({ locale, country, signedIn, whatsappUrl }: MenuFooterInput): MenuFooter => ({
  apps: locale === 'pt-BR',
  nps: signedIn,
  support: true,
  whatsapp: country === 'BR' && whatsappUrl ? whatsappUrl : null,
});
