import type { Kysely } from 'kysely';
import { AppError } from '@portal/kernel';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findUserById, type UsersDB } from '@portal/projection-users';
import { inScope } from '../../../contracts/index.js';
import { privacyScope, type UserPrincipal } from '../privacy-record.js';

/** 403 without a privacy scope; 404 for a user unknown or outside it (the user directory's rule, ADR 0050). */
export async function requireSubjectInScope(projections: ProjectionRuntime, principal: UserPrincipal, userId: string): Promise<void> {
  const scope = privacyScope(principal);
  if (scope.kind === 'none') throw new AppError('403');
  const user = await findUserById(projections.reader('users') as Kysely<UsersDB>, userId);
  if (!user || !inScope(scope, user.company_id)) throw new AppError('404');
}
