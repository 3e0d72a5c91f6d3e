/**
 * What the station scores and companies reports add to the reports story (ADR 0070), for their
 * specs: soy-pests revised with a questions config (q1) and its video's question (qm), so its
 * answers have a maximum of 20; completions (one repeated, one of a guest); ratings of the video
 * (changed once) and of the station; sign-ins; company A's contact and domains changed.
 * `appendScoresStory` runs after `appendReportsStory` and returns the checkpoints worth cutting at.
 * Imported by specs only.
 */
import type { Checkpoint, EventStore } from '@portal/eventstore';
import { companyStream, userStream } from '@portal/identity/contracts';
import { catalogueStationSchema, progressStream, stationStream } from '@portal/learning/contracts';
import { A1, A2, appendSteps, B1, COMPANY_A, MOVER } from './reports-story.js';

type Steps = Parameters<typeof appendSteps>[1];
const title = (en: string, pt = en) => ({ 'pt-BR': pt, es: en, en });

/** "Now" for the companies report's active users in the specs: after every event of the story. */
export const SCORES_STORY_NOW = new Date('2026-12-01T00:00:00.000Z');

const soyPestsWithQuestions: Steps[number] = {
  stream: stationStream('soy-pests'),
  event: {
    type: 'StationRevised',
    data: {
      stationId: 'soy-pests',
      revision: 1,
      contentHash: 'h1',
      packVersion: 'p',
      revisedAt: '2026-11-21T00:00:00.000Z',
      station: catalogueStationSchema.parse({
        stationId: 'soy-pests',
        path: 'soy-pests',
        type: 'Detail',
        parent: 'soy',
        title: title('Station soy-pests', 'Estação soy-pests'),
        displayCategory: 'crop',
        questions: { questionIds: ['q1'] },
        entries: [{ entryId: 'v1', type: 'video', title: title('Video v1', 'Vídeo v1'), src: { en: 'https://example.com/v.mp4' }, duration: 60, questionsIds: ['qm'] }],
        mediaHashes: {},
        entryHashes: {},
      }),
    },
  },
};

const completed = (actor: string, entryId: string, stationId: string, at: string): Steps[number] => ({
  stream: progressStream(actor, stationId),
  event: { type: 'MediaCompleted', data: { actor, stationId, entryId, entryType: 'video', playSessionId: null, duration: 60, via: 'end', completedAt: at } },
});
const rated = (actor: string, stationId: string, entryId: string | null, score: number, at: string): Steps[number] => ({
  stream: progressStream(actor, stationId),
  event: entryId ? { type: 'ContentFeedbackGiven', data: { actor, stationId, entryId, score, givenAt: at } } : { type: 'StationFeedbackGiven', data: { actor, stationId, score, givenAt: at } },
});
const signedIn = (userId: string, at: string): Steps[number] => ({
  stream: userStream(userId),
  event: { type: 'SignInSucceeded', data: { userId, sessionId: `s-${userId}-${at}`, at, ip: null } },
});

/**
 * - a1: completes v1 twice (30 points once), rates v1 4 then 5 and the station 3 (usability 8 of 10);
 *   signed in 2026-11-25 (active).
 * - a2: signed in 2026-10-01 (more than 30 days before SCORES_STORY_NOW: not active).
 * - b1: completes c1 (corn); signed in 2026-11-28. The mover signs in 2026-11-29.
 * - a guest completes v1 (no score, no company).
 * - "QUESTIONS" cut: before soy-pests gets its questions config (answer max 0 as of then).
 * - company A: phone and domains changed after the cut.
 */
export const appendScoresStory = async (store: EventStore): Promise<{ beforeQuestions: Checkpoint; end: Checkpoint }> => {
  const beforeQuestions = await appendSteps(store, [
    completed(A1, 'v1', 'soy-pests', '2026-11-21T10:00:00.000Z'),
    completed(A1, 'v1', 'soy-pests', '2026-11-22T10:00:00.000Z'),
    completed('guest:g1', 'v1', 'soy-pests', '2026-11-22T11:00:00.000Z'),
    rated(A1, 'soy-pests', 'v1', 4, '2026-11-22T12:00:00.000Z'),
    signedIn(A2, '2026-10-01T08:00:00.000Z'),
    signedIn(A1, '2026-11-25T08:00:00.000Z'),
  ]);
  const end = await appendSteps(store, [
    soyPestsWithQuestions,
    rated(A1, 'soy-pests', 'v1', 5, '2026-11-23T12:00:00.000Z'),
    rated(A1, 'soy-pests', null, 3, '2026-11-23T12:05:00.000Z'),
    completed(B1, 'c1', 'corn', '2026-11-24T09:00:00.000Z'),
    signedIn(B1, '2026-11-28T08:00:00.000Z'),
    signedIn(MOVER, '2026-11-29T08:00:00.000Z'),
    { stream: companyStream(COMPANY_A), event: { type: 'CompanyUpdated', data: { companyId: COMPANY_A, phone: '+55 41 3333-0000', contactName: 'Ana Contato', updatedAt: '2026-11-26T00:00:00.000Z' } } },
    { stream: companyStream(COMPANY_A), event: { type: 'CompanyDomainsChanged', data: { companyId: COMPANY_A, domains: ['alfa.example', 'agroalfa.example'], invitationOnly: false, by: 'system:test', changedAt: '2026-11-26T00:00:00.000Z' } } },
  ]);
  return { beforeQuestions, end };
};
