import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { learningRoutes, type scormContentBodySchema, type scormContentSchema, type scormProgressBodySchema } from '@portal/learning/contracts/http';
import type { z } from 'zod';
import { get, set } from 'idb-keyval';
import { callRoute } from '../../../shared/api/client';
import { getSession } from '../../../shared/session/token-store';
import { ScormOutbox, type OutboxCommit } from './scorm-outbox';
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

type ScormCommitBody = z.input<typeof scormContentBodySchema>;

/** IndexedDB (idb-keyval's default store) where commits not sent yet are kept; nothing when the browser has none. */
const OUTBOX_KEY = 'portal.scorm-outbox';
const hasIndexedDb = () => typeof indexedDB !== 'undefined';

/** The SCORM commits of this page, kept until they are sent (scorm-outbox.ts). */
export const scormOutbox = new ScormOutbox<ScormCommitBody, ScormContent>({
  send: ({ scormId, body, key }) => callRoute(learningRoutes.scormContentWrite, { params: { id: scormId }, body, headers: { 'idempotency-key': key } }),
  load: async () => (hasIndexedDb() ? ((await get<OutboxCommit<ScormCommitBody>[]>(OUTBOX_KEY)) ?? []) : []),
  persist: async (commits) => {
    if (hasIndexedDb()) await set(OUTBOX_KEY, commits);
  },
  userId: () => getSession()?.userId ?? null,
  onOnline: (run) => {
    if (typeof window !== 'undefined') window.addEventListener('online', run);
  },
});

/**
 * GET /api/user-store/scorm-content/:id: the saved run-time data the package resumes from. It is
 * sent only once the commits kept for this entry are sent (a player closed inside the page
 * commits as it goes and the next one opens at once; a page closed offline left its commits for
 * this one), so it carries their x-event-position as x-min-position and sees them
 * (read-your-writes, issue 27). While they wait for the connection, it reads what the server has.
 */
export const fetchScormContent = async (id: string, signal?: AbortSignal, lang?: 'pt-BR' | 'es' | 'en'): Promise<ScormContent> => {
  await scormOutbox.settled(id);
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

/**
 * POST /api/user-store/scorm-content/:id {cmi}: on LMSCommit/Commit and LMSFinish/Terminate,
 * through the outbox (kept, sent in order with its Idempotency-Key, sent again when it failed).
 */
export const saveScormContent = (id: string, cmi: Record<string, string>, sco: ScoCommit = {}): Promise<ScormContent> => scormOutbox.add(id, { cmi, ...sco });

/** POST /api/scorms/progress {scormId, status, score}: completed or passed completes the entry. */
export const reportScormProgress = (body: ScormProgressBody) => callRoute(learningRoutes.scormProgressWrite, { body });

/** GET /api/scorms/player: the sandboxed content origin packages are framed from (ADR 0084); fixed for the page's life. */
export const scormPlayerQueryOptions = () =>
  queryOptions({
    queryKey: [...LEARNING_MEDIA, 'scorm-player'] as const,
    queryFn: ({ signal }) => callRoute(learningRoutes.scormPlayer, { signal }),
    staleTime: Infinity,
  });
