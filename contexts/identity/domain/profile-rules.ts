import type { RegisterStatus } from '@portal/kernel';

/** 000 §3: allowed values; "Nulo" is treated as empty. */
export const ACTING_AREAS = ['Vendas', 'Marketing', 'Market Development'] as const;
export const USER_TYPES = ['Agricultor', 'Distribuidor', 'Cooperativa'] as const;
export const NULO = 'Nulo';

export const normaliseChoice = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' || value === NULO ? null : value;

export interface ProfileFacts {
  name: string | null;
  userType: string | null;
  actingArea: string | null;
  isInnerEmployee: boolean | null;
  country: string | null;
}

/**
 * Registration status (000 §3, 001 §4): None until the profile is first saved, UserProfile while
 * required facts are missing, Completed with a name, a country, a user type and, for the
 * company's own employees, an acting area. Completed is never taken back by a later save.
 */
export function registerStatusFor(previous: RegisterStatus, facts: ProfileFacts): RegisterStatus {
  if (previous === 'Completed') return 'Completed';
  const complete =
    !!facts.name &&
    facts.name.trim().length > 0 &&
    !!facts.country &&
    !!facts.userType &&
    (facts.isInnerEmployee !== true || !!facts.actingArea);
  return complete ? 'Completed' : 'UserProfile';
}
