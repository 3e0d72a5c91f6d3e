import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { identityRoutes, type SessionResponse } from '@portal/identity/contracts/http';
import type { Locale } from '@portal/kernel';
import { callRoute } from '../../../shared/api/client';
import { sessionStarted } from './sign-in';

/** POST /api/auth/sendSignInLink: the same answer whether or not the address has an account (ADR 0032). */
export const sendSignInLink = (email: string, lang: Locale) => callRoute(identityRoutes.sendSignInLink, { body: { email, lang } });

/** POST /api/auth/signInWithLink: the mailed code to a session, once (400 invalid, expired or already used). */
export const signInWithLink = (code: string): Promise<SessionResponse> => callRoute(identityRoutes.signInWithLink, { body: { code } });

export const sendSignInLinkMutationOptions = () =>
  mutationOptions({ mutationKey: ['identity', 'sendSignInLink'] as const, mutationFn: ({ email, lang }: { email: string; lang: Locale }) => sendSignInLink(email, lang) });

export const signInWithLinkMutationOptions = () =>
  mutationOptions({ mutationKey: ['identity', 'signInWithLink'] as const, mutationFn: signInWithLink, meta: { ignoreUnauthorized: true } });

export const useSendSignInLink = () => useMutation(sendSignInLinkMutationOptions());

/** Signs in with a link exactly as the password does afterwards (token, other tabs, profile language). */
export const useSignInWithLink = () => {
  const queryClient = useQueryClient();
  return useMutation({ ...signInWithLinkMutationOptions(), onSuccess: (session) => sessionStarted(queryClient, session) });
};
