import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { identityRoutes, type SessionResponse, type SignInRequest } from '@portal/identity/contracts/http';
import { callRoute } from '../../../shared/api/client';
import { reloadUserData, USER_DATA_KEY } from '../../../shared/api/user-data';
import { applyProfileLocale } from '../../../shared/session/profile-lang';
import { startSession } from '../../../shared/session/refresh';

/** POST /api/auth/signIn: e-mail and password to a session (401 invalid-credential, 429 too-many-requests). */
export const signIn = (body: SignInRequest): Promise<SessionResponse> => callRoute(identityRoutes.signIn, { body });

export const signInMutationOptions = () =>
  mutationOptions({
    mutationKey: ['identity', 'signIn'] as const,
    mutationFn: signIn,
    // Its 401 means wrong credentials, not an expired session.
    meta: { ignoreUnauthorized: true },
  });

/**
 * Signs in: the token stays in memory (the refresh cookie is the server's), the other tabs
 * learn it, the previous user's profile is dropped, and without an i18n_lang cookie the
 * profile's language is applied (issue 3). The locale step never blocks the sign-in.
 */
export const sessionStarted = async (queryClient: QueryClient, session: SessionResponse): Promise<void> => {
  queryClient.removeQueries({ queryKey: USER_DATA_KEY });
  startSession(session, { broadcast: true });
  try {
    await applyProfileLocale(await reloadUserData(queryClient));
  } catch (error) {
    console.warn('Profile language not applied', error);
  }
};

export const useSignIn = () => {
  const queryClient = useQueryClient();
  return useMutation({ ...signInMutationOptions(), onSuccess: (session) => sessionStarted(queryClient, session) });
};
