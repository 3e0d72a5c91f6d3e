/**
 * A small story for the report specs (projections' and HTTP ones, ADR 0070): two companies, four
 * learners, a crop with a child station and a video whose media question is asked inside it, a
 * station question with a retry, and a learner who moves from company A to company B after
 * answering. `appendReportsStory` returns the checkpoints worth cutting at. Imported by specs only.
 */
import type { Checkpoint, EventStore, NewEvent } from '@portal/eventstore';
import { learnerStream, type AnswerSubmitted } from '@portal/assessment/contracts';
import { companyStream, userStream } from '@portal/identity/contracts';
import { catalogueStationSchema, questionSchema, questionStream, stationStream } from '@portal/learning/contracts';

export const COMPANY_A = '01900000-0000-7000-8000-00000000aa01';
export const COMPANY_B = '01900000-0000-7000-8000-00000000bb02';
export const A1 = 'rep-a1';
export const A2 = 'rep-a2';
export const B1 = 'rep-b1';
export const MOVER = 'rep-m1';

type Step = { stream: string; event: NewEvent };
const title = (en: string, pt = en) => ({ 'pt-BR': pt, es: en, en });

const station = (stationId: string, opts: { parent?: string; entries?: string[] }): Step => ({
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
        title: title(`Station ${stationId}`, `Estação ${stationId}`),
        displayCategory: 'crop',
        entries: (opts.entries ?? []).map((entryId) => ({ entryId, type: 'video', title: title(`Video ${entryId}`, `Vídeo ${entryId}`), src: { en: 'https://example.com/v.mp4' }, duration: 60 })),
        mediaHashes: {},
        entryHashes: {},
      }),
    },
  },
});

const question = (questionId: string, revision = 0, label = `Question ${questionId}`): Step => ({
  stream: questionStream(questionId),
  event: {
    type: 'QuestionRevised',
    data: {
      questionId,
      revision,
      contentHash: `h${revision}`,
      packVersion: 'p',
      revisedAt: '2026-08-01T00:00:00.000Z',
      question: questionSchema.parse({
        questionId,
        label: title(label, `Pergunta ${questionId}`),
        options: [
          { id: 'yes', label: title('Yes', 'Sim'), isCorrect: true, score: 10 },
          { id: 'no', label: title('No', 'Não'), isCorrect: false, score: 0 },
        ],
      }),
    },
  },
});

const company = (companyId: string, name: string): Step => ({
  stream: companyStream(companyId),
  event: { type: 'CompanyRegistered', data: { companyId, name, businessCode: companyId.slice(-4), phone: null, contactEmail: null, contactName: null, contactPhone: null, domains: [], registeredAt: '2026-08-01T00:00:00.000Z' } },
});

const registered = (userId: string, name: string, companyId: string, details: { state?: string; userType?: string; group?: string; aclTags?: string[] } = {}): Step[] => [
  {
    stream: userStream(userId),
    event: {
      type: 'UserPreRegistered',
      data: {
        userId,
        email: `${userId}@example.com`,
        details: { name, country: 'BR', state: details.state ?? 'PR', userType: details.userType ?? 'Farmer', group: details.group ?? null },
        roles: ['learner'],
        permissions: [],
        aclTags: details.aclTags ?? ['dist:all'],
        companyId,
        allowedStations: 'all',
        by: 'system:test',
        preRegisteredAt: '2026-09-01T00:00:00.000Z',
      },
    },
  },
];

const moved = (userId: string, companyId: string): Step => ({
  stream: userStream(userId),
  event: { type: 'AccessChanged', data: { userId, roles: ['learner'], permissions: [], aclTags: ['dist:all'], companyId, allowedStations: 'all', by: 'system:test', changedAt: '2026-11-19T00:00:00.000Z' } },
});

let rows = 0;
export const answer = (actor: string, questionId: string, opts: { station?: string | null; entry?: string | null; right?: boolean; at: string; attempt?: number; seconds?: number }): Step => {
  const right = opts.right ?? true;
  return {
    stream: learnerStream(actor),
    event: {
      type: 'AnswerSubmitted',
      data: {
        rowId: `row-${actor}-${(rows += 1)}`,
        actor,
        questionId,
        answerId: right ? 'yes' : 'no',
        isCorrect: right,
        score: right ? 10 : 0,
        countsForScore: true,
        postQuestionId: null,
        postAnswerId: null,
        postIsCorrect: null,
        postScore: 0,
        postCountsForScore: false,
        points: right ? 10 : 0,
        secondsToAnswer: opts.seconds ?? 3.5,
        context: opts.entry ? 'media' : 'station',
        origin: 'web',
        questionRevision: 0,
        postQuestionRevision: null,
        stationId: opts.station === undefined ? 'soy-pests' : opts.station,
        entryId: opts.entry ?? null,
        attempt: opts.attempt ?? 1,
        answeredAt: opts.at,
      } satisfies AnswerSubmitted['data'],
    },
  };
};

/**
 * - a1 (A, Paraná, Farmer, group g1): answers q1 wrong, retries right (attempt 2); answers the
 *   video's media question qm right.
 * - a2 (A, São Paulo, Distributor, ACL tag dist:seeds): answers the media question qm wrong then right.
 * - b1 (B): answers q1 right.
 * - m1 (A, then B): answers q1 right in A, then moves to B ("MOVED" cut: before the move they count in A).
 */
export const STORY_BEFORE_MOVE: Step[] = [
  station('soy', { entries: [] }),
  station('soy-pests', { parent: 'soy', entries: ['v1'] }),
  station('corn', { entries: ['c1'] }),
  question('q1'),
  question('qm'),
  question('qc'),
  company(COMPANY_A, 'Agro Alfa'),
  company(COMPANY_B, 'Beta Coop'),
  ...registered(A1, 'Ana Alfa', COMPANY_A, { group: 'g1' }),
  ...registered(A2, 'Bruno Alfa', COMPANY_A, { state: 'SP', userType: 'Distributor', aclTags: ['dist:seeds'] }),
  ...registered(B1, 'Carla Beta', COMPANY_B),
  ...registered(MOVER, 'Davi Mover', COMPANY_A),
  answer(A1, 'q1', { right: false, at: '2026-11-02T10:00:00.000Z' }),
  answer(A1, 'q1', { right: true, at: '2026-11-02T10:01:00.000Z', attempt: 2 }),
  answer(A1, 'qm', { entry: 'v1', at: '2026-11-03T10:00:00.000Z' }),
  answer(A2, 'qm', { entry: 'v1', right: false, at: '2026-11-04T09:00:00.000Z' }),
  answer(B1, 'q1', { at: '2026-11-05T09:00:00.000Z' }),
  answer(B1, 'qc', { station: 'corn', at: '2026-11-05T09:30:00.000Z' }),
  answer(MOVER, 'q1', { at: '2026-11-06T09:00:00.000Z' }),
];
export const STORY_AFTER_MOVE: Step[] = [
  moved(MOVER, COMPANY_B),
  answer(A2, 'qm', { entry: 'v1', right: true, at: '2026-11-20T09:00:00.000Z', attempt: 2 }),
  question('q1', 1, 'Question q1 (revised)'),
];

export const appendSteps = async (store: EventStore, steps: readonly Step[]): Promise<Checkpoint> => {
  let last: Checkpoint | null = null;
  for (const { stream, event } of steps) {
    last = (await store.append(stream, [event], { expectedRevision: 'any', context: { correlationId: 'story', actor: 'system', origin: 'cli' } })).checkpoint;
  }
  return last!;
};

/** Appends the story; `beforeMove` is the last checkpoint before m1 moves to company B. */
export const appendReportsStory = async (store: EventStore): Promise<{ beforeMove: Checkpoint; end: Checkpoint }> => {
  const beforeMove = await appendSteps(store, STORY_BEFORE_MOVE);
  const end = await appendSteps(store, STORY_AFTER_MOVE);
  return { beforeMove, end };
};
