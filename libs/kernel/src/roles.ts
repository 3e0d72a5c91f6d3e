/** Roles and permissions of 000 §6 and 001 §6, plus the read-only auditor and the plain learner. */
export const ROLES = ['learner', 'company_manager', 'company_admin', 'tc_manager', 'tc_admin', 'auditor'] as const;
export type Role = (typeof ROLES)[number];
export const PERMISSIONS = [
  'manage_all_companies',
  'manage_companies_users',
  'manage_companies_managers',
  'manage_whatsapp',
  'view_manager_dashboard',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
