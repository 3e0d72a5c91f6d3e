import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { learningRoutes, type scormContentSchema, type scormProgressBodySchema } from '@portal/learning/contracts/http';
import type { z } from 'zod';
import { callRoute } from '../../../shared/api/client';
import { LEARNING_DATA, LEARNING_MEDIA } from './keys';

export type ScormContent = z.infer<typeof scormContentSchema>;
export type ScormProgressBody = z.input<typeof scormProgressBodySchema>;

/** GET /api/scorms: the SCORM courses of /courses with the caller's progress. */
export const fetchScorms = (signal?: AbortSignal) => callRoute(learningRoutes.scorms, { signal });

export const scormsQueryOptions = () => queryOptions({ queryKey: [...LEARNING_DATA, 'scorms'] as const, queryFn: ({ signal }) => fetchScorms(signal) });

export const useScorms = () => useSuspenseQuery(scormsQueryOptions());

/** GET /api/user-store/scorm-content/:id: the saved run-time data the package resumes from. */
export const fetchScormContent = (id: string, signal?: AbortSignal): Promise<ScormContent> =>
  callRoute(learningRoutes.scormContent, { params: { id }, signal });

/** Always read fresh when a player opens (staleTime 0): a package must resume from the last commit. */
export const scormContentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...LEARNING_MEDIA, 'scorm-content', id] as const,
    queryFn: ({ signal }) => fetchScormContent(id, signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

/** POST /api/user-store/scorm-content/:id {cmi}: on LMSCommit/Commit and LMSFinish/Terminate. */
export const saveScormContent = (id: string, cmi: Record<string, string>): Promise<ScormContent> =>
  callRoute(learningRoutes.scormContentWrite, { params: { id }, body: { cmi } });

/** POST /api/scorms/progress {scormId, status, score}: completed or passed completes the entry. */
export const reportScormProgress = (body: ScormProgressBody) => callRoute(learningRoutes.scormProgressWrite, { body });

/** GET /api/scorms/player: the sandboxed content origin packages are framed from (ADR 0084); fixed for the page's life. */
export const scormPlayerQueryOptions = () =>
  queryOptions({
    queryKey: [...LEARNING_MEDIA, 'scorm-player'] as const,
    queryFn: ({ signal }) => callRoute(learningRoutes.scormPlayer, { signal }),
    staleTime: Infinity,
  });
