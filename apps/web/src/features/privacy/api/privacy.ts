import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { privacyRoutes, type Consent, type PrivacyRequestStatus } from '@portal/identity/contracts/privacy';
import { callRoute, routeUrl } from '../../../shared/api/client';
import { fetchFile, saveFile } from '../../../shared/api/file-download';

const KEY = ['identity', 'privacy'] as const;

/** GET /api/privacy/me: my requests and consents. */
export const myPrivacyQueryOptions = () => queryOptions({ queryKey: [...KEY, 'me'] as const, queryFn: ({ signal }) => callRoute(privacyRoutes.myPrivacy, { signal }) });
export const useMyPrivacy = () => useSuspenseQuery(myPrivacyQueryOptions());

/** GET /api/privacy/processing: what is processed, with whom it is shared. */
export const processingQueryOptions = () =>
  queryOptions({ queryKey: [...KEY, 'processing'] as const, queryFn: ({ signal }) => callRoute(privacyRoutes.processingInfo, { signal }), staleTime: 10 * 60_000 });
export const useProcessingInfo = () => useSuspenseQuery(processingQueryOptions());

export const useRequestExport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...KEY, 'requestExport'] as const,
    mutationFn: () => callRoute(privacyRoutes.requestExport),
    onSuccess: () => client.invalidateQueries({ queryKey: myPrivacyQueryOptions().queryKey }),
  });
};

export const useRequestDeletion = () =>
  useMutation({ mutationKey: [...KEY, 'requestDeletion'] as const, mutationFn: () => callRoute(privacyRoutes.requestDeletion, { body: { confirm: true } }) });

export const useSetConsent = () => {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...KEY, 'setConsent'] as const,
    mutationFn: (input: { consent: Consent; given: boolean; textVersion: string }) =>
      callRoute(privacyRoutes.setConsent, { params: { consent: input.consent }, body: { given: input.given, textVersion: input.textVersion } }),
    onSuccess: () => client.invalidateQueries({ queryKey: myPrivacyQueryOptions().queryKey }),
  });
};

/** The export ZIP, fetched with my token and handed to the browser. */
export async function downloadExport(requestId: string): Promise<void> {
  const blob = await fetchFile(routeUrl(privacyRoutes.exportFile.path, { requestId }), 'application/zip');
  saveFile(blob, `my-data-${requestId}.zip`);
}

/** GET /api/manage-users/privacy-requests (the manager area; the server scopes it). */
export const managedRequestsQueryOptions = (filter: { status?: PrivacyRequestStatus; nearDeadline?: boolean }) =>
  queryOptions({
    queryKey: [...KEY, 'managed', filter.status ?? 'all', filter.nearDeadline === true] as const,
    queryFn: ({ signal }) =>
      callRoute(privacyRoutes.managedRequests, { query: { ...(filter.status ? { status: filter.status } : {}), ...(filter.nearDeadline ? { nearDeadline: 'true' as const } : {}) }, signal }),
  });

const useInvalidateManaged = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [...KEY, 'managed'] });
};

export const useCancelManagedDeletion = () => {
  const invalidate = useInvalidateManaged();
  return useMutation({ mutationFn: (requestId: string) => callRoute(privacyRoutes.cancelManagedDeletion, { params: { requestId } }), onSuccess: invalidate });
};

export const usePlaceHold = () => {
  const invalidate = useInvalidateManaged();
  return useMutation({ mutationFn: (input: { userId: string; reason: string }) => callRoute(privacyRoutes.placeHold, { params: { userId: input.userId }, body: { reason: input.reason } }), onSuccess: invalidate });
};

export const holdsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [...KEY, 'managed', 'holds', userId] as const, queryFn: ({ signal }) => callRoute(privacyRoutes.listHolds, { params: { userId }, signal }) });

export const useLiftHold = () => {
  const invalidate = useInvalidateManaged();
  return useMutation({ mutationFn: (input: { userId: string; holdId: string }) => callRoute(privacyRoutes.liftHold, { params: input }), onSuccess: invalidate });
};

/** GET /api/audit/privacy-requests (auditors). */
export const auditedRequestsQueryOptions = () => queryOptions({ queryKey: [...KEY, 'audited'] as const, queryFn: ({ signal }) => callRoute(privacyRoutes.auditedRequests, { signal }) });
