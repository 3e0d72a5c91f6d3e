import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditRoutes, type AuditFindResponse, type AuditTimeline, type AuditVerificationResponse } from '@portal/reporting/contracts/audit-http';
import type { AuditSubjectKind, AuditTrailFormat } from '@portal/reporting/contracts/audit-shapes';
import { callRoute, routeUrl } from '../../../shared/api/client';
import { fetchFile, saveFile } from '../../../shared/api/file-download';
import { currentLocale } from '../../../shared/i18n/i18n';
import { AUDIT_QUERIES, timelineKeyOf } from './keys';

/** GET /api/audit/find: users, bookings, answers or certificates matching the search. */
export const findSubjectsQueryOptions = (kind: AuditSubjectKind, q: string) =>
  queryOptions({
    // answers are worded in the auditor's language (ADR 0083)
    queryKey: [...AUDIT_QUERIES, 'find', kind, q, currentLocale()] as const,
    queryFn: ({ signal }): Promise<AuditFindResponse> => callRoute(auditRoutes.auditFind, { query: { kind, q, lang: currentLocale() }, signal }),
    enabled: q.trim().length > 0,
    staleTime: 30_000,
  });
export const useFindSubjects = (kind: AuditSubjectKind, q: string) => useQuery(findSubjectsQueryOptions(kind, q));

export interface TimelineFilters {
  stream?: string | undefined;
  type?: string | undefined;
}

/** GET /api/audit/subjects/:kind/:id/timeline, page after page (`next`). */
export const timelineQueryOptions = (kind: AuditSubjectKind, id: string, filters: TimelineFilters = {}) =>
  infiniteQueryOptions({
    queryKey: [...timelineKeyOf(kind, id), filters.stream ?? '', filters.type ?? '', currentLocale()] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }): Promise<AuditTimeline> =>
      callRoute(auditRoutes.auditTimeline, {
        params: { kind, id },
        query: { lang: currentLocale(), ...(pageParam ? { after: pageParam } : {}), ...(filters.stream ? { stream: filters.stream } : {}), ...(filters.type ? { type: filters.type } : {}) },
        signal,
      }),
    getNextPageParam: (last) => last.next,
    staleTime: 30_000,
  });
export const useTimeline = (kind: AuditSubjectKind, id: string, filters: TimelineFilters) => useInfiniteQuery(timelineQueryOptions(kind, id, filters));

/** GET /api/audit/verifications/current: polled every second while a run is going. */
export const verificationQueryOptions = () =>
  queryOptions({
    queryKey: [...AUDIT_QUERIES, 'verification'] as const,
    queryFn: ({ signal }): Promise<AuditVerificationResponse> => callRoute(auditRoutes.auditCurrentVerification, { signal }),
    refetchInterval: (query) => (query.state.data?.run?.status === 'running' ? 1000 : false),
  });
export const useVerification = () => useQuery(verificationQueryOptions());

/** POST /api/audit/verifications: start a whole-log verification. */
export const useStartVerification = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<AuditVerificationResponse> => callRoute(auditRoutes.auditStartVerification),
    onSuccess: (answer) => client.setQueryData(verificationQueryOptions().queryKey, answer),
  });
};

/** POST /api/audit/subjects/:kind/:id/exports: the server records the export, then the file downloads. */
export const useExportTrail = (kind: AuditSubjectKind, id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (format: AuditTrailFormat) => {
      const blob = await fetchFile(routeUrl(auditRoutes.auditExport.path, { kind, id }), format === 'csv' ? 'text/csv' : 'application/json', { format });
      saveFile(blob, `audit-${kind}-${id}.${format}`);
    },
    // the export is on the trail now
    onSuccess: () => client.invalidateQueries({ queryKey: timelineKeyOf(kind, id) }),
  });
};
