import { hasAnyRole, hasCompany, hasPermission, type AccessSubject } from '../../../shared/session/access';

/** Companies, domains and reference data are administered by manage_all_companies holders only (ADR 0051). */
export const canAdministerCompanies = (user: AccessSubject | null | undefined): boolean => hasPermission(user, 'manage_all_companies');

/**
 * Who opens the companies screen: administrators, and company staff with a company (001 §6
 * "Manager users"), who see their own company read-only.
 */
export const canSeeCompanies = (user: AccessSubject | null | undefined): boolean =>
  canAdministerCompanies(user) || (hasAnyRole(user, ['company_manager', 'company_admin']) && hasCompany(user));
