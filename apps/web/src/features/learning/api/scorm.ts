import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { learningRoutes, type scormContentBodySchema, type scormContentSchema, type scormProgressBodySchema } from '@portal/learning/contracts/http';
import type { z } from 'zod';
import { callRoute } from '../../../shared/api/client';
import { LEARNING_DATA, LEARNING_MEDIA } from './keys';

export type ScormContent = z.infer<typeof scormContentSchema>;
export type ScormProgressBody = z.input<typeof scormProgressBodySchema>;
export type ScormPackage = NonNullable<ScormContent['package']>;
/** A multi-SCO commit's extra fields: its SCO, the course's roll-up, the sequencing state (issue 27). */
export type ScoCommit = Omit<z.input<typeof scormContentBodySchema>, 'cmi'>;

/** GET /api/scorms: the SCORM courses of /courses with the caller's progress. */
export const fetchScorms = (signal?: AbortSignal) => callRoute(learningRoutes.scorms, { signal });

export const scormsQueryOptions = () => queryOptions({ queryKey: [...LEARNING_DATA, 'scorms'] as const, queryFn: ({ signal }) => fetchScorms(signal) });

export const useScorms = () => useSuspenseQuery(scormsQueryOptions());

/** Commits still on their way, per SCORM entry: a resume read waits for them (see fetchScormContent). */
const pendingSaves = new Map<string, Set<Promise<unknown>>>();

/**
 * GET /api/user-store/scorm-content/:id: the saved run-time data the package resumes from. It is
 * sent only once the commits already sent for this entry are answered (a player closed inside the
 * page commits as it goes, and the next one opens at once), so it carries their x-event-position
 * as x-min-position and sees them (read-your-writes, issue 27).
 */
export const fetchScormContent = async (id: string, signal?: AbortSignal, lang?: 'pt-BR' | 'es' | 'en'): Promise<ScormContent> => {
  await Promise.allSettled([...(pendingSaves.get(id) ?? [])]);
  return callRoute(learningRoutes.scormContent, { params: { id }, query: lang ? { lang } : {}, signal });
};

/** Always read fresh when a player opens (staleTime 0): a package must resume from the last commit. */
export const scormContentQueryOptions = (id: string, lang?: 'pt-BR' | 'es' | 'en') =>
  queryOptions({
    queryKey: [...LEARNING_MEDIA, 'scorm-content', id, lang ?? null] as const,
    queryFn: ({ signal }) => fetchScormContent(id, signal, lang),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

/** POST /api/user-store/scorm-content/:id {cmi}: on LMSCommit/Commit and LMSFinish/Terminate. */
export const saveScormContent = (id: string, cmi: Record<string, string>, sco: ScoCommit = {}): Promise<ScormContent> => {
  const saving = callRoute(learningRoutes.scormContentWrite, { params: { id }, body: { cmi, ...sco } });
  const pending = pendingSaves.get(id) ?? new Set<Promise<unknown>>();
  pendingSaves.set(id, pending);
  pending.add(saving);
  const done = () => {
    pending.delete(saving);
    if (pending.size === 0 && pendingSaves.get(id) === pending) pendingSaves.delete(id);
  };
  saving.then(done, done);
  return saving;
};

/** POST /api/scorms/progress {scormId, status, score}: completed or passed completes the entry. */
export const reportScormProgress = (body: ScormProgressBody) => callRoute(learningRoutes.scormProgressWrite, { body });

/** GET /api/scorms/player: the sandboxed content origin packages are framed from (ADR 0084); fixed for the page's life. */
export const scormPlayerQueryOptions = () =>
  queryOptions({
    queryKey: [...LEARNING_MEDIA, 'scorm-player'] as const,
    queryFn: ({ signal }) => callRoute(learningRoutes.scormPlayer, { signal }),
    staleTime: Infinity,
  });
