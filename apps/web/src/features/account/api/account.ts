import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { identityRoutes, type UpdateUserProfileRequest } from '@portal/identity/contracts/http';
import { learningRoutes } from '@portal/learning/contracts/http';
import type { Locale } from '@portal/kernel';
import { callRoute } from '../../../shared/api/client';
import { reloadUserData, storeUserData } from '../../../shared/api/user-data';
import { refreshAccessToken } from '../../../shared/session/refresh';

/** GET /api/userProfileEditOptions?lang: acting areas, user types, countries, Brazilian states. */
export const editOptionsQueryOptions = (lang: Locale) =>
  queryOptions({
    queryKey: ['identity', 'userProfileEditOptions', lang] as const,
    queryFn: ({ signal }) => callRoute(identityRoutes.userProfileEditOptions, { query: { lang }, signal }),
    staleTime: 60 * 60_000,
  });

export const useEditOptions = (lang: Locale) => useSuspenseQuery(editOptionsQueryOptions(lang));

/**
 * POST /api/updateUserProfile (partial): the answer is the new /userData. The token is renewed
 * afterwards so its claims (registerStatus, country, emailVerified) match the profile.
 */
export const useUpdateProfile = () => {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['identity', 'updateUserProfile'] as const,
    mutationFn: (patch: UpdateUserProfileRequest) => callRoute(identityRoutes.updateUserProfile, { body: patch }),
    onSuccess: async (user) => {
      storeUserData(client, user);
      await refreshAccessToken();
    },
  });
};

/** POST /api/user-profile/picture (multipart field "file"), then the new picture URL is in /userData. */
export const useUploadPicture = () => {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['identity', 'uploadPicture'] as const,
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return callRoute(identityRoutes.uploadPicture, { body });
    },
    onSuccess: () => reloadUserData(client),
  });
};

/** DELETE /api/user-profile/picture. */
export const useRemovePicture = () => {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['identity', 'removePicture'] as const,
    mutationFn: () => callRoute(identityRoutes.removePicture),
    onSuccess: () => reloadUserData(client),
  });
};

/** POST /api/sendEmailVerification {lang}: 429 too-many-requests with params.retryAfterMinutes when too soon. */
export const sendEmailVerification = (lang: Locale) => callRoute(identityRoutes.sendEmailVerification, { body: { lang } });

/** POST /api/auth2/phone/send {phone, lang}: a one-time code by SMS (429 with the wait). */
export const sendPhoneCode = (phone: string, lang: Locale) => callRoute(identityRoutes.phoneSend, { body: { phone, lang } });

/** POST /api/auth2/phone/verify {phone, code}: links the phone number. */
export const verifyPhoneCode = (phone: string, code: string) => callRoute(identityRoutes.phoneVerify, { body: { phone, code } });

/**
 * GET /api/stations for the profile's crop choice (the learner's stations; the shell's own query
 * lives in its feature). Only a learner may ask: the form asks once the registration is Completed.
 */
export const profileStationsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'stations'] as const,
    queryFn: ({ signal }) => callRoute(learningRoutes.stations, { query: {}, signal }),
    staleTime: 5 * 60_000,
  });
