import { AppError, type Principal } from '@portal/kernel';
import { managerReadScope, messagingScope, type ManagerScope } from '@portal/identity/contracts';

/**
 * Who may read the manager reports (issue 16, ADR 0070): the guard of /manager/users/* (001 §2,
 * §6) by identity's one scope rule, `managerScope`: company_manager or company_admin with a
 * company and manage_companies_users read their own company's rows; manage_all_companies reads
 * every company's; the auditor reads every company's (read-only: reports record nothing but the
 * export). Anyone else: 403.
 */
export function reportScopeOf(user: Extract<Principal, { kind: 'user' }>): Exclude<ManagerScope, { kind: 'none' }> {
  const scope = managerReadScope(user);
  if (scope.kind === 'none') throw new AppError('403');
  return scope;
}

/**
 * Who may read the messaging report (001 §2 whatsapp-messages, ADR 0073): identity's
 * `messagingScope`, manage_whatsapp required. With manage_all_companies every row, unmatched
 * phones included; a company_manager or company_admin with a company: their company's users.
 * The auditor is not let in by role: 001 gives the users' private conversations to
 * manage_whatsapp only (an auditor holding manage_whatsapp and manage_all_companies reads them).
 */
export function messagingReportScopeOf(user: Extract<Principal, { kind: 'user' }>): Exclude<ManagerScope, { kind: 'none' }> {
  const scope = messagingScope(user);
  if (scope.kind === 'none') throw new AppError('403');
  return scope;
}
