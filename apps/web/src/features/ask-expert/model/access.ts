import type { Role } from '@portal/kernel';
import { hasAnyRole, hasPermission, type AccessSubject } from '../../../shared/session/access';

/** Who asks and answers (the server's ASKING_ROLES, ADR 0072): every role of the learner area; the auditor only reads. */
export const ASKING_ROLES: readonly Role[] = ['learner', 'company_manager', 'company_admin', 'tc_manager', 'tc_admin'];

export const canAsk = (user: AccessSubject | null | undefined): boolean => hasAnyRole(user, ASKING_ROLES);

/** Who assigns experts: reference-data administrators (manage_all_companies). */
export const canAssignExperts = (user: AccessSubject | null | undefined): boolean => hasPermission(user, 'manage_all_companies');

/** Who sees the queue entry: an expert of at least one theme (from /api/expert/me). */
export const isExpert = (me: { themeIds: readonly string[] } | undefined): boolean => (me?.themeIds.length ?? 0) > 0;
