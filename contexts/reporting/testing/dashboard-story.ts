/**
 * A small story of events for the manager dashboard's specs (the projection's and the HTTP one):
 * two companies, a handful of learners, one of whom changes company after learning there, and the
 * figures each company's dashboard must show on 2026-11-21 (a Saturday of ISO week 2026-W47),
 * worked out by hand below. Imported by specs only.
 */
import type { EventStore, NewEvent } from '@portal/eventstore';
import { learnerStream, type AnswerSubmitted } from '@portal/assessment/contracts';
import { companyStream, userStream } from '@portal/identity/contracts';
import { catalogueStationSchema, progressStream, stationStream } from '@portal/learning/contracts';
import { certificateStream, type CertificateIssued } from '@portal/scoring/contracts';

export const TODAY = '2026-11-21';
export const COMPANY_A = '01900000-0000-7000-8000-0000000000a1';
export const COMPANY_B = '01900000-0000-7000-8000-0000000000b2';

type Story = { stream: string; event: NewEvent }[];
const title = (en: string) => ({ 'pt-BR': en, es: en, en });

const station = (stationId: string, opts: { parent?: string; entries?: string[]; category?: 'crop' | 'other' }): Story[number] => ({
  stream: stationStream(stationId),
  event: {
    type: 'StationRevised',
    data: {
      stationId,
      revision: 0,
      contentHash: 'h',
      packVersion: 'p',
      revisedAt: '2026-08-01T00:00:00.000Z',
      station: catalogueStationSchema.parse({
        stationId,
        path: stationId,
        type: opts.parent ? 'Detail' : 'Map',
        ...(opts.parent ? { parent: opts.parent } : {}),
        title: title(stationId),
        displayCategory: opts.category ?? 'crop',
        entries: (opts.entries ?? []).map((entryId) => ({ entryId, type: 'video', title: title(entryId), src: { en: 'https://example.com/v.mp4' }, duration: 60 })),
        mediaHashes: {},
        entryHashes: {},
      }),
    },
  },
});

const company = (companyId: string, name: string): Story[number] => ({
  stream: companyStream(companyId),
  event: { type: 'CompanyRegistered', data: { companyId, name, businessCode: companyId.slice(-4), phone: null, contactEmail: null, contactName: null, contactPhone: null, domains: [], registeredAt: '2026-08-01T00:00:00.000Z' } },
});

const access = (userId: string, companyId: string | null, type: 'AccessGranted' | 'AccessChanged' = 'AccessGranted'): Story[number] => {
  const fields = { userId, roles: ['learner'], permissions: [], aclTags: ['dist:all'], companyId, allowedStations: 'all' };
  return { stream: userStream(userId), event: { type, data: type === 'AccessGranted' ? { ...fields, grantedAt: '2026-09-01T00:00:00.000Z' } : { ...fields, by: 'system:test', changedAt: '2026-11-19T00:00:00.000Z' } } };
};

const preRegistered = (userId: string, companyId: string): Story[number] => ({
  stream: userStream(userId),
  event: {
    type: 'UserPreRegistered',
    data: { userId, email: `${userId}@example.com`, details: { name: userId }, roles: ['learner'], permissions: [], aclTags: [], companyId, allowedStations: {}, by: 'system:test', preRegisteredAt: '2026-09-01T00:00:00.000Z' },
  },
});

const progress = (actor: string, stationId: string, type: string, data: Record<string, unknown>): Story[number] => ({
  stream: progressStream(actor, stationId),
  event: { type, data: { actor, stationId, ...data } },
});
const started = (actor: string, stationId: string, entryId: string, at: string) =>
  progress(actor, stationId, 'MediaStarted', { entryId, entryType: 'video', playSessionId: `${actor}-${entryId}`, seconds: 0, duration: 60, startedAt: at });
const completed = (actor: string, stationId: string, entryId: string, at: string) =>
  progress(actor, stationId, 'MediaCompleted', { entryId, entryType: 'video', playSessionId: null, duration: 60, via: 'end', completedAt: at });

let rows = 0;
const answer = (actor: string, questionId: string, stationId: string | null, points: number, at: string, extra: Partial<AnswerSubmitted['data']> = {}): Story[number] => ({
  stream: learnerStream(actor),
  event: {
    type: 'AnswerSubmitted',
    data: {
      rowId: `row-${(rows += 1)}`,
      actor,
      questionId,
      answerId: `${questionId}-a`,
      isCorrect: points > 0,
      score: points,
      countsForScore: true,
      postQuestionId: null,
      postAnswerId: null,
      postIsCorrect: null,
      postScore: 0,
      postCountsForScore: false,
      points,
      secondsToAnswer: 2,
      context: 'station',
      origin: 'web',
      questionRevision: 0,
      postQuestionRevision: null,
      stationId,
      entryId: null,
      attempt: 1,
      answeredAt: at,
      ...extra,
    } satisfies AnswerSubmitted['data'],
  },
});

const certificate = (userId: string, cropId: string, at: string): Story[number] => ({
  stream: certificateStream(userId, `cert-${cropId}`),
  event: {
    type: 'CertificateIssued',
    data: { certificateId: `c-${userId}-${cropId}`, ruleId: `cert-${cropId}`, ruleRevision: 0, cropId, userId, holderName: null, lang: 'en', title: title(cropId), rules: [], issuedAt: at } satisfies CertificateIssued['data'],
  },
});

/** The learners of the story (user ids). */
export const A1 = 'story-a1';
export const A2 = 'story-a2';
export const A3 = 'story-a3';
export const B1 = 'story-b1';
export const MOVER = 'story-m1';
export const DELETED = 'story-d1';

/**
 * - a1 (A): plays and completes an entry of soja-plantio twice (counted once: 30 points), answers q1
 *   right (10) then retries wrong (0 replaces 10), completes the station, gets the soja
 *   certificate, answers the NPS (an answer of the week, no crop points); last active today.
 * - a2 (A): pre-registered, nothing else: never started.
 * - a3 (A): views a milho-hibridos content and answers q2 there (10) on 2026-10-20, signs in on
 *   2026-11-01: active in the last 30 days, not the last 7.
 * - b1 (B): completes a milho-hibridos entry on 2026-11-18.
 * - m1: in B, completes a soja-plantio entry (30) and answers q3 there (5) on 2026-11-17, then
 *   moves to A: every figure of theirs leaves B and joins A.
 * - d1: pre-registered in A, then deleted. A guest completes an entry: never counted.
 */
export const STORY: Story = [
  station('soja', { entries: ['soja-intro'] }),
  station('soja-plantio', { parent: 'soja', entries: ['sp-1', 'sp-2'] }),
  station('milho', { entries: ['milho-intro'] }),
  station('milho-hibridos', { parent: 'milho', entries: ['mh-1'] }),
  station('boas-vindas', { entries: ['bv-1'], category: 'other' }),
  station('trigo', {}),
  company(COMPANY_A, 'Agro Alfa'),
  company(COMPANY_B, 'Beta Coop'),
  access(A1, COMPANY_A),
  preRegistered(A2, COMPANY_A),
  access(A3, COMPANY_A),
  access(B1, COMPANY_B),
  access(MOVER, COMPANY_B),
  preRegistered(DELETED, COMPANY_A),
  { stream: userStream(DELETED), event: { type: 'UserDeleted', data: { userId: DELETED, email: `${DELETED}@example.com`, by: 'system:test', deletedAt: '2026-09-02T00:00:00.000Z' } } },
  progress(A3, 'milho-hibridos', 'ContentViewed', { entryId: 'mh-1', entryType: 'video', viewedAt: '2026-10-20T10:00:00.000Z' }),
  answer(A3, 'q2', 'milho-hibridos', 10, '2026-10-20T10:05:00.000Z'),
  { stream: userStream(A3), event: { type: 'SignInSucceeded', data: { userId: A3, sessionId: 's-a3', at: '2026-11-01T09:00:00.000Z', ip: null } } },
  started(MOVER, 'soja-plantio', 'sp-2', '2026-11-17T08:00:00.000Z'),
  completed(MOVER, 'soja-plantio', 'sp-2', '2026-11-17T08:01:00.000Z'),
  answer(MOVER, 'q3', 'soja-plantio', 5, '2026-11-17T08:02:00.000Z'),
  completed(B1, 'milho-hibridos', 'mh-1', '2026-11-18T14:00:00.000Z'),
  access(MOVER, COMPANY_A, 'AccessChanged'),
  answer(A1, 'q1', 'soja-plantio', 10, '2026-11-19T10:00:00.000Z'),
  started(A1, 'soja-plantio', 'sp-1', '2026-11-20T10:00:00.000Z'),
  completed(A1, 'soja-plantio', 'sp-1', '2026-11-20T10:01:00.000Z'),
  completed(A1, 'soja-plantio', 'sp-1', '2026-11-20T10:03:00.000Z'),
  answer(A1, 'q1', 'soja-plantio', 0, '2026-11-20T10:04:00.000Z', { attempt: 2 }),
  progress(A1, 'soja-plantio', 'StationMediaCompleted', { entryIds: ['sp-1', 'sp-2'], completedAt: '2026-11-20T10:05:00.000Z' }),
  certificate(A1, 'soja', '2026-11-20T10:06:00.000Z'),
  answer(A1, 'av1', null, 10, '2026-11-21T09:00:00.000Z', { context: 'nps' }),
  completed('guest:g1', 'boas-vindas', 'bv-1', '2026-11-20T11:00:00.000Z'),
];

export const appendStory = async (store: EventStore, story: Story = STORY): Promise<void> => {
  for (const { stream, event } of story) await store.append(stream, [event], { expectedRevision: 'any', context: { correlationId: 'story', actor: 'system', origin: 'cli' } });
};

const station0 = (stationId: string, cropId: string, starts: number, completions: number) => ({ stationId, title: title(stationId), cropId, starts, completions });

/** What the story's dashboards show (without the links), by company. */
export const EXPECTED = {
  [COMPANY_A]: {
    learners: { total: 4, active7Days: 2, active30Days: 3, neverStarted: 1 },
    /** the two weeks with activity (the ten others are zeros) */
    weeks: { '2026-11-16': { completions: 2, answers: 4 }, '2026-10-19': { completions: 0, answers: 1 } },
    crops: [
      { cropId: 'milho', scoredLearners: 1, averageScore: 10, certificates: 0 },
      { cropId: 'soja', scoredLearners: 2, averageScore: 32.5, certificates: 1 },
      { cropId: 'trigo', scoredLearners: 0, averageScore: null, certificates: 0 },
    ],
    mostCompleted: [station0('soja-plantio', 'soja', 2, 1)],
    leastStarted: [station0('boas-vindas', 'boas-vindas', 0, 0), station0('milho', 'milho', 0, 0), station0('soja', 'soja', 0, 0), station0('milho-hibridos', 'milho', 1, 0), station0('soja-plantio', 'soja', 2, 1)],
  },
  [COMPANY_B]: {
    learners: { total: 1, active7Days: 1, active30Days: 1, neverStarted: 0 },
    weeks: { '2026-11-16': { completions: 1, answers: 0 } },
    crops: [
      { cropId: 'milho', scoredLearners: 1, averageScore: 30, certificates: 0 },
      { cropId: 'soja', scoredLearners: 0, averageScore: null, certificates: 0 },
      { cropId: 'trigo', scoredLearners: 0, averageScore: null, certificates: 0 },
    ],
    mostCompleted: [],
    leastStarted: [station0('boas-vindas', 'boas-vindas', 0, 0), station0('milho', 'milho', 0, 0), station0('soja', 'soja', 0, 0), station0('soja-plantio', 'soja', 0, 0), station0('milho-hibridos', 'milho', 1, 0)],
  },
};
