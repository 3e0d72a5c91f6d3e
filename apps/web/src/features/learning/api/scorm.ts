import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { learningRoutes, type scormContentBodySchema, type scormContentSchema, type scormProgressBodySchema } from '@portal/learning/contracts/http';
import type { z } from 'zod';
import { del, get } from 'idb-keyval';
import { callRoute } from '../../../shared/api/client';
import { learnerOutbox } from '../../../shared/offline/learner-outbox';
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

/**
 * Where issue 27's SCORM outbox kept its commits (idb-keyval's default store). A page of this
 * version moves what an older page left there into the learner outbox (shared/offline, ADR 0094),
 * with the keys they were made with, once.
 */
const OLD_OUTBOX_KEY = 'portal.scorm-outbox';
interface OldCommit {
  key: string;
  userId: string;
  scormId: string;
  body: ScormCommitBody;
}
let moved: Promise<void> | null = null;
const moveOldCommits = (): Promise<void> => {
  moved ??= (async () => {
    if (typeof indexedDB === 'undefined') return;
    const old = (await get<OldCommit[]>(OLD_OUTBOX_KEY).catch(() => undefined)) ?? [];
    if (old.length === 0) return;
    await learnerOutbox.adopt(old.map((c) => ({ key: c.key, userId: c.userId, route: 'scormContentWrite' as const, params: { id: c.scormId }, body: c.body, scope: c.scormId })));
    await del(OLD_OUTBOX_KEY);
  })().catch(() => undefined);
  return moved;
};

/**
 * GET /api/user-store/scorm-content/:id: the saved run-time data the package resumes from. It is
 * sent only once the commits kept for this entry are sent (a player closed inside the page
 * commits as it goes and the next one opens at once; a page closed offline left its commits for
 * this one), so it carries their x-event-position as x-min-position and sees them
 * (read-your-writes, issue 27). While they wait for the connection, it reads what the server has
 * (offline, the copy saved for offline) with the commits still waiting applied (withPendingCommits).
 */
export const fetchScormContent = async (id: string, signal?: AbortSignal, lang?: 'pt-BR' | 'es' | 'en'): Promise<ScormContent> => {
  await moveOldCommits();
  await learnerOutbox.settled(id);
  const read = await callRoute(learningRoutes.scormContent, { params: { id }, query: lang ? { lang } : {}, signal });
  return withPendingCommits(read, learnerOutbox.pending(id).filter((i) => i.route === 'scormContentWrite').map((i) => i.body as ScormCommitBody));
};

/**
 * The resume read with the commits not sent yet applied, as the server will apply them (issue 30,
 * field mode): a course run offline and reopened offline resumes from its last commit. The last
 * commit's run-time data is the course's (or its SCO's) whole state; its sequencing replaces the
 * saved one.
 */
export const withPendingCommits = (read: ScormContent, commits: readonly ScormCommitBody[]): ScormContent => {
  let out = read;
  for (const commit of commits) {
    const { scoId } = commit;
    out = scoId
      ? { ...out, scos: { ...out.scos, [scoId]: { cmi: commit.cmi, savedAt: out.scos[scoId]?.savedAt ?? null } }, currentScoId: scoId, sequencing: commit.sequencing ?? out.sequencing }
      : { ...out, cmi: commit.cmi, sequencing: commit.sequencing ?? out.sequencing };
  }
  return out;
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
export const saveScormContent = (id: string, cmi: Record<string, string>, sco: ScoCommit = {}): Promise<ScormContent> =>
  learnerOutbox.add({ route: 'scormContentWrite', params: { id }, body: { cmi, ...sco }, scope: id }).answer as Promise<ScormContent>;

/** POST /api/scorms/progress {scormId, status, score}: completed or passed completes the entry (through the outbox too). */
export const reportScormProgress = (body: ScormProgressBody) => learnerOutbox.add({ route: 'scormProgressWrite', body, scope: body.scormId }).answer;

/** GET /api/scorms/player: the sandboxed content origin packages are framed from (ADR 0084); fixed for the page's life. */
export const scormPlayerQueryOptions = () =>
  queryOptions({
    queryKey: [...LEARNING_MEDIA, 'scorm-player'] as const,
    queryFn: ({ signal }) => callRoute(learningRoutes.scormPlayer, { signal }),
    staleTime: Infinity,
  });
