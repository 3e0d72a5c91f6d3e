import { ACTION_MODES, oobCodeSchema } from '@portal/identity/contracts/http';

export type ActionMode = (typeof ACTION_MODES)[number];

/** An e-mail link as it arrives: /auth/action?mode=verifyEmail|resetPassword|recoverEmail&oobCode=...&lang=pt-BR. */
export type ActionLink = { ok: true; mode: ActionMode; oobCode: string; lang: string | null } | { ok: false; code: 'invalid-action-code' };

/** Reads the link's query; a missing or malformed mode or code reads as invalid-action-code (000 §8). */
export const parseActionLink = (search: URLSearchParams): ActionLink => {
  const mode = search.get('mode');
  const oobCode = search.get('oobCode')?.trim() ?? '';
  const lang = search.get('lang');
  if (!mode || !(ACTION_MODES as readonly string[]).includes(mode)) return { ok: false, code: 'invalid-action-code' };
  if (!oobCodeSchema.safeParse(oobCode).success) return { ok: false, code: 'invalid-action-code' };
  return { ok: true, mode: mode as ActionMode, oobCode, lang };
};

/** Where the user can get a fresh link when this one failed. */
export const newLinkPathFor = (mode: ActionMode | null): '/auth/reset-password' | '/account/verify-email' | null => {
  if (mode === 'resetPassword') return '/auth/reset-password';
  if (mode === 'verifyEmail') return '/account/verify-email';
  return null;
};
