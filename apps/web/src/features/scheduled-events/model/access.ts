import type { Role } from '@portal/kernel';

/**
 * Who may open which scheduled-events screen (001 §2, §6; ADR 0060 "Who may call what"; ADR
 * 0061): the SPA offers what the API allows, the API enforces it.
 */
export const EVENTS_STAFF_ROLES: readonly Role[] = ['tc_admin', 'tc_manager'];
/** Enrol, scan the staff code and answer quizzes: every signed-in role but the read-only auditor. */
export const ATTENDEE_ROLES: readonly Role[] = ['learner', 'company_manager', 'company_admin', 'tc_manager', 'tc_admin'];
/** The Events area is Brazil's (001 §2: "Events: Brazil only, tc_admin"). */
export const EVENTS_COUNTRY = 'BR';

interface Subject {
  roles: readonly Role[];
  country: string | null;
}

const holds = (user: Subject | null | undefined, roles: readonly Role[]): boolean => user?.roles.some((r) => roles.includes(r)) ?? false;

/** The list, reports, attendees, check-in screen and quiz list: tc_admin and tc_manager. */
export const isEventsStaff = (user: Subject | null | undefined): boolean => holds(user, EVENTS_STAFF_ROLES);

/** Create, edit, publish, cancel, materials, quiz writes, imports: tc_admin of Brazil. */
export const isEventsAdmin = (user: Subject | null | undefined): boolean => holds(user, ['tc_admin']) && user?.country === EVENTS_COUNTRY;

/** My events, the published view, enrolment, the phone scan and quiz taking. */
export const isAttendee = (user: Subject | null | undefined): boolean => holds(user, ATTENDEE_ROLES);
