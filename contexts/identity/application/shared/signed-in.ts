import { AppError } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';

/**
 * For routes open to any caller (the profile picture): an expired token is said as such (the SPA
 * refreshes and retries); no user at all is 000 §5's code app/invalid-user-uid.
 */
export function signedInOrInvalidUid(req: PortalRequest) {
  if (req.principal?.kind === 'user') return req.principal;
  if (req.authError instanceof AppError) throw req.authError;
  throw new AppError('app/invalid-user-uid');
}
