import type { AuthClaims } from '../session/claims';
import { refreshAccessToken } from '../session/refresh';
import { getAuthClaims, getSession, isFieldSession, setFieldSession } from '../session/token-store';

/**
 * Who may open the portal with no signal (issue 30, ADR 0094): the learner who saved something for
 * offline on this browser. What is kept is the user id and the token's claims (what the guards
 * read: verified e-mail, registration, roles), never a token: localStorage, so the page knows it
 * before IndexedDB answers. Removed with the last saved item and on sign-out.
 */
const KEY = 'portal.field-session';

interface Remembered {
  userId: string;
  claims: AuthClaims;
}

const read = (): Remembered | null => {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Remembered>;
    return typeof parsed.userId === 'string' && parsed.claims && typeof parsed.claims === 'object' ? (parsed as Remembered) : null;
  } catch {
    return null;
  }
};

/** After a save: this learner may open what was saved with no signal. */
export const rememberFieldSession = (): void => {
  const session = getSession();
  const claims = getAuthClaims();
  if (!session || !claims || isFieldSession()) return;
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify({ userId: session.userId, claims } satisfies Remembered));
  } catch {
    // storage blocked: the saved content opens only with a connection
  }
};

export const forgetFieldSession = (): void => {
  try {
    globalThis.localStorage?.removeItem(KEY);
  } catch {
    // nothing kept either
  }
};

/**
 * With no token and no connection (the refresh could not reach the server), the remembered learner
 * is signed in for this page in the field session. Answers whether it was.
 */
export const enterFieldSession = (): boolean => {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) return false;
  const remembered = read();
  if (!remembered) return false;
  setFieldSession(remembered);
  return true;
};

// the connection is back: a token again from the refresh cookie (the outbox then drains)
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (isFieldSession()) void refreshAccessToken();
  });
}
