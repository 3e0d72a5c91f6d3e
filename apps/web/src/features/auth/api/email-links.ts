import { identityRoutes } from '@portal/identity/contracts/http';
import type { Locale } from '@portal/kernel';
import { callRoute } from '../../../shared/api/client';
import type { ActionMode } from '../components/action-link';

/** POST /api/sendPasswordReset: the same answer whether or not the address has an account. */
export const sendPasswordReset = (email: string, lang: Locale) => callRoute(identityRoutes.sendPasswordReset, { body: { email, lang } });

/** POST /api/checkActionCode: whether a link is still usable, and for which address. */
export const checkActionCode = (mode: ActionMode, oobCode: string) => callRoute(identityRoutes.checkActionCode, { body: { mode, oobCode } });

/** POST /api/applyActionCode: uses the link (single use); resetPassword also sets the new password. */
export const applyActionCode = (mode: ActionMode, oobCode: string, newPassword?: string) =>
  callRoute(identityRoutes.applyActionCode, { body: { mode, oobCode, ...(newPassword === undefined ? {} : { newPassword }) } });

export type ActionOutcome = { ok: true; email: string } | { ok: false; error: unknown };

const applied = new Map<string, Promise<ActionOutcome>>();

/**
 * Applies a verifyEmail or recoverEmail link once per page: a link is single-use, so a second
 * render, a revalidation or React's double effects must not send it again and turn the
 * success into "already used".
 */
export const applyActionCodeOnce = (mode: ActionMode, oobCode: string): Promise<ActionOutcome> => {
  const key = `${mode}:${oobCode}`;
  let outcome = applied.get(key);
  if (!outcome) {
    outcome = applyActionCode(mode, oobCode).then(
      (answer): ActionOutcome => ({ ok: true, email: answer.email }),
      (error: unknown): ActionOutcome => ({ ok: false, error }),
    );
    applied.set(key, outcome);
  }
  return outcome;
};
