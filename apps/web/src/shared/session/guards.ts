import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { identityRoutes, type UserData } from '@portal/identity/contracts/http';
import { isApiError } from '../api/api-error';
import { callRoute, resetEventPosition } from '../api/client';
import { queryClient } from '../api/query-client';
import { userDataQueryOptions } from '../api/user-data';
import { loadAppConfig } from '../config/app-config';
import { currentLocale, initI18n, saveLocaleChoice } from '../i18n/i18n';
import { paths } from '../routing/paths';
import { pageHost } from '../ssr/scope';
import { argentinaRedirect, decideProtectedRoute, decideSignedOutOnly, type RouteAccess } from './guard-rules';
import { bootstrapSession } from './refresh';
import { broadcastSession, clearAccessToken, getAccessToken, getAuthClaims } from './token-store';

export type { RouteAccess } from './guard-rules';

/**
 * Ends the local session: token, every cached answer (they belong to the old user) and the
 * read-your-writes position. `broadcast` also signs out the other tabs.
 */
export const endSession = (options: { broadcast?: boolean } = {}): void => {
  clearAccessToken();
  queryClient.clear();
  resetEventPosition();
  if (options.broadcast) broadcastSession('signed-out');
};

/**
 * Signs out (000 §4.5): the locale is saved first (cookie and, through the call, the
 * profile), then the server revokes the session and clears the refresh cookie. The local
 * session ends even if the server cannot be reached.
 */
export const signOut = async (): Promise<void> => {
  // A page opened on /auth/logoff resumes its session first: the server saves the locale of
  // the user the bearer token names.
  await Promise.all([initI18n(), bootstrapSession()]);
  const lang = currentLocale();
  saveLocaleChoice(lang);
  try {
    await callRoute(identityRoutes.logoff, { body: { lang } });
  } catch (error) {
    console.warn('Sign-out could not reach the server', error);
  }
  endSession({ broadcast: true });
};

/** The profile of the signed-in user, or null when signed out (a 401 ends the session). */
export const loadSignedInUser = async (): Promise<UserData | null> => {
  await bootstrapSession();
  if (!getAccessToken()) return null;
  try {
    return await queryClient.ensureQueryData(userDataQueryOptions());
  } catch (error) {
    if (isApiError(error) && error.statusCode === 401) {
      endSession();
      return null;
    }
    throw error;
  }
};

/**
 * Loader guard of a signed-in screen (000 §2.2) with what it needs (guard-rules.ts): signed
 * out -> sign-in with `next`; unverified e-mail -> verify-email; registration not Completed
 * -> profile. Other failures go to the route's error page.
 */
export const requireSession = async (url: URL, access: RouteAccess = 'complete'): Promise<UserData> => {
  const user = await loadSignedInUser();
  const decision = decideProtectedRoute(access, user, url);
  if (decision.kind === 'redirect') throw redirect(decision.to);
  if (!user) throw redirect(paths.signIn);
  return user;
};

/**
 * Loader guard of signed-out-only screens (000 §2.2): a signed-in user goes home. A stale
 * token (401) is dropped and the screen shows; if the server cannot confirm the session for
 * another reason, the screen shows too, so sign-in is never blocked.
 */
export const redirectIfSignedIn = async (): Promise<null> => {
  await bootstrapSession();
  if (!getAccessToken()) return null;
  try {
    await queryClient.ensureQueryData(userDataQueryOptions());
  } catch (error) {
    if (isApiError(error) && error.statusCode === 401) endSession();
    return null;
  }
  const decision = decideSignedOutOnly(getAccessToken() !== null);
  if (decision.kind === 'redirect') throw redirect(decision.to);
  return null;
};

/**
 * The root route's loader, before every screen: translations, the session from the refresh
 * cookie, and the Argentina rule of 000 §2.2 (a signed-in Argentine user on another host is
 * signed out and sent to the Argentine site).
 */
export const rootLoader = async (_args?: unknown): Promise<null> => {
  await Promise.all([initI18n(), bootstrapSession()]);
  const claims = getAuthClaims();
  if (!claims) return null;
  const config = await loadAppConfig();
  const target = argentinaRedirect(pageHost(), claims.country, config.argentina);
  if (target) {
    await signOut();
    throw redirect(target);
  }
  return null;
};

/**
 * Starts a screen's data as soon as the session is known, beside its access check rather than
 * after it (ADR 0013): only for a verified, completed user, whom every learner screen lets in,
 * so no call is made that the user may not make. The loader then awaits the same query
 * options, which joins this request; a failure is left to that await.
 */
export const prefetchForLearner = <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): void => {
  void bootstrapSession().then(() => {
    const claims = getAuthClaims();
    if (claims?.emailVerified && claims.registerStatus === 'Completed') return queryClient.prefetchQuery(options);
    return undefined;
  });
};
