import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { identityRoutes, type RegisterRequest, type SessionResponse } from '@portal/identity/contracts/http';
import { callRoute } from '../../../shared/api/client';
import { USER_DATA_KEY } from '../../../shared/api/user-data';
import { startSession } from '../../../shared/session/refresh';

/** POST /api/createUserRegister (000 §5): creates the account and answers with a session (and the refresh cookie). */
export const registerUser = (body: RegisterRequest): Promise<SessionResponse> => callRoute(identityRoutes.register, { body });

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
      queryClient.removeQueries({ queryKey: USER_DATA_KEY });
      startSession(session, { broadcast: true });
    },
  });
};
