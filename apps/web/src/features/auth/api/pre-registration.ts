import { queryOptions } from '@tanstack/react-query';
import { userAdminRoutes, type PreRegistration } from '@portal/identity/contracts';
import { callRoute } from '../../../shared/api/client';

/**
 * GET /api/userPreRegister?hash=: what a manager's invitation fills into the registration (000 §7,
 * issue 14): the pre-registered address, name, country and company.
 */
export const fetchPreRegistration = (invitation: string, signal?: AbortSignal): Promise<PreRegistration> =>
  callRoute(userAdminRoutes.preRegistration, { query: { hash: invitation }, signal });

export const preRegistrationQueryOptions = (invitation: string) =>
  queryOptions({
    queryKey: ['auth', 'pre-registration', invitation] as const,
    queryFn: ({ signal }) => fetchPreRegistration(invitation, signal),
    staleTime: Infinity,
  });
