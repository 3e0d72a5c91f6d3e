import { redirect } from 'react-router';
import type { UserData } from '@portal/identity/contracts';
import { isApiError } from '../api/api-error';
import { queryClient } from '../api/query-client';
import { userDataQueryOptions } from '../api/user-data';
import { paths, signInPathFor } from '../routing/paths';
import { clearAccessToken, getAccessToken } from './token-store';

/** Ends the local session: token and every cached answer (they belong to the old user). */
export const endSession = (): void => {
  clearAccessToken();
  queryClient.clear();
};

/**
 * Loader guard of screens that need a signed-in user (000 §2.2). Without a token, or when
 * /userData answers 401, the visitor goes to sign-in with `next`. Other failures are thrown
 * to the route's error page.
 */
export const requireSession = async (url: URL): Promise<UserData> => {
  const toSignIn = () => redirect(signInPathFor(url.pathname, url.search, url.hash));
  if (!getAccessToken()) throw toSignIn();
  try {
    return await queryClient.ensureQueryData(userDataQueryOptions());
  } catch (error) {
    if (isApiError(error) && error.statusCode === 401) {
      endSession();
      throw toSignIn();
    }
    throw error;
  }
};

/**
 * Loader guard of signed-out-only screens (000 §2.2): a signed-in user goes to the home route.
 * A stale token (401) is dropped and the screen shows; if the server cannot confirm the
 * session for another reason, the screen shows too, so sign-in is never blocked.
 */
export const redirectIfSignedIn = async (): Promise<null> => {
  if (!getAccessToken()) return null;
  try {
    await queryClient.ensureQueryData(userDataQueryOptions());
  } catch (error) {
    if (isApiError(error) && error.statusCode === 401) endSession();
    return null;
  }
  throw redirect(paths.home);
};
