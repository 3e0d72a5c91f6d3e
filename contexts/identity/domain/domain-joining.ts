import type { Permission, Role } from '@portal/kernel';
import type { AccessChanged } from '../contracts/events.js';
import { domainOfEmail } from './company.js';

/** `by` of the access change a verified address makes (ADR 0051). */
export const DOMAIN_JOIN_ACTOR = 'system:domain';

/** What joining reads of the user (a registered user's state). */
export interface JoiningUser {
  userId: string;
  email: string;
  emailVerified: boolean;
  roles: Role[];
  permissions: Permission[];
  aclTags: string[];
  companyId: string | null;
  allowedStations: Record<string, true> | 'all';
}

/** The company whose domains list the user's address (found by the caller), or null. */
export interface DomainCompany {
  companyId: string;
  domains: readonly string[];
}

/**
 * Domain joining (issue 14, ADR 0051): a user whose verified address is in a company's domain and
 * who has no company joins it, keeping every other part of their access. A user with a company
 * (their own choice or a manager's) keeps it; an unverified address joins nothing.
 */
export function joinByDomain(user: JoiningUser, company: DomainCompany | null, now: string): AccessChanged[] {
  if (!company || !user.emailVerified || user.companyId !== null) return [];
  if (!company.domains.includes(domainOfEmail(user.email))) return [];
  const { userId, roles, permissions, aclTags, allowedStations } = user;
  return [{ type: 'AccessChanged', data: { userId, roles, permissions, aclTags, companyId: company.companyId, allowedStations, by: DOMAIN_JOIN_ACTOR, changedAt: now } }];
}
