import type { ManagedUser } from '@portal/identity/contracts/user-directory.http';

export type UserAction = 'invite' | 'deactivate' | 'reactivate' | 'delete';

/**
 * The actions a user offers (issue 14): a pre-registered user (no account) can be invited again
 * and deleted; a user with an account cannot be deleted (unable-delete-account), only deactivated
 * and reactivated. Nobody deactivates or deletes themselves.
 */
export function userActions(user: Pick<ManagedUser, 'hasAccount' | 'active'>, isSelf: boolean): UserAction[] {
  if (isSelf) return [];
  const actions: UserAction[] = [];
  if (!user.hasAccount && user.active) actions.push('invite');
  actions.push(user.active ? 'deactivate' : 'reactivate');
  if (!user.hasAccount) actions.push('delete');
  return actions;
}
