import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionResponseSchema, type RegisterRequest, type SessionResponse } from '@portal/identity/contracts';
import { apiPost } from '../../../shared/api/client';
import { userDataQueryOptions } from '../../../shared/api/user-data';
import { setAccessToken } from '../../../shared/session/token-store';

/** POST /api/createUserRegister (000 §5): creates the account and answers with a session. */
export const registerUser = (body: RegisterRequest): Promise<SessionResponse> =>
  apiPost('/createUserRegister', body, sessionResponseSchema);

export const registerMutationOptions = () =>
  mutationOptions({
    mutationKey: ['identity', 'register'] as const,
    mutationFn: registerUser,
  });

export const useRegister = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...registerMutationOptions(),
    onSuccess: (session) => {
      setAccessToken(session.accessToken);
      queryClient.removeQueries({ queryKey: userDataQueryOptions().queryKey });
    },
  });
};
