import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionResponseSchema, type SessionResponse, type SignInRequest } from '@portal/identity/contracts';
import { apiPost } from '../../../shared/api/client';
import { userDataQueryOptions } from '../../../shared/api/user-data';
import { setAccessToken } from '../../../shared/session/token-store';

/** POST /api/auth/signIn: e-mail and password to a session (401 invalid-credential, 429 too-many-requests). */
export const signIn = (body: SignInRequest): Promise<SessionResponse> => apiPost('/auth/signIn', body, sessionResponseSchema);

export const signInMutationOptions = () =>
  mutationOptions({
    mutationKey: ['identity', 'signIn'] as const,
    mutationFn: signIn,
    // Its 401 means wrong credentials, not an expired session.
    meta: { ignoreUnauthorized: true },
  });

/** Signs in and keeps the token; the profile of whoever was signed in before is dropped. */
export const useSignIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...signInMutationOptions(),
    onSuccess: (session) => {
      setAccessToken(session.accessToken);
      queryClient.removeQueries({ queryKey: userDataQueryOptions().queryKey });
    },
  });
};
