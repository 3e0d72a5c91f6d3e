import { rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { tokenFor } from '@portal/testing/client';
import { accessTokenFor, registerUser, type TestUser } from '@portal/testing/identity';
import { contentWithFixtures } from '../../../tools/e2e/scorm-content.js';
import { after, seedLearning } from '../../learning/testing/test-kit.js';
import { auditTimelineResponseSchema } from '../contracts/index.js';

/**
 * Issue 27 (ADR 0084): a SCO's interactions and objectives travel with its commit and the auditor
 * reads them with the learner's attempt, in words: the course, the SCO, each question's
 * description, the learner's response and whether it was right, each objective's status and score.
 * A commit whose interactions break their version's shape is refused, whole, naming the element;
 * a commit retried with its Idempotency-Key is stored once.
 */
let t: TestApp;
let auditor: string;
let learner: TestUser;
let token: string;
let contentDir: string;
const previous = process.env.CONTENT_DIR;
const SEQ = 'fixture-sequenced-2004';
const MULTI = 'fixture-multi-12';

beforeAll(async () => {
  contentDir = contentWithFixtures([
    { entryId: MULTI, fixture: 'multi-12', launch: 'sco/part1.htm', scormVersion: '1.2', title: 'Irrigation basics' },
    { entryId: SEQ, fixture: 'sequenced-2004', launch: 'lessons/intro.htm?from=lms', scormVersion: '2004', title: 'Soil preparation' },
  ]);
  process.env.CONTENT_DIR = contentDir;
  t = await startTestApp();
  await seedLearning(t);
  learner = await registerUser(t, 'joana.prado@example.com');
  token = await accessTokenFor(t, { sub: learner.userId, email: learner.email });
  auditor = await tokenFor(t, 'auditor');
});
afterAll(async () => {
  await t?.close();
  if (previous === undefined) delete process.env.CONTENT_DIR;
  else process.env.CONTENT_DIR = previous;
  rmSync(contentDir, { recursive: true, force: true });
});

const save = (id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => t.request('POST', `/api/user-store/scorm-content/${id}`, { token, body, headers });
const commits = async (lang: string, res: { headers: Record<string, unknown> }) => {
  const answer = await t.request('GET', `/api/audit/subjects/user/${learner.userId}/timeline?type=ScormStateSaved&lang=${lang}`, { token: auditor, headers: after(res) });
  expect(answer.statusCode, answer.body).toBe(200);
  return auditTimelineResponseSchema.parse(answer.json()).events;
};

const quiz2004 = {
  'cmi.interactions.0.id': 'soil-depth',
  'cmi.interactions.0.type': 'choice',
  'cmi.interactions.0.description': 'How deep is a soil sample taken?',
  'cmi.interactions.0.learner_response': 'b',
  'cmi.interactions.0.result': 'correct',
  'cmi.interactions.0.correct_responses.0.pattern': 'b',
  'cmi.interactions.0.latency': 'PT7S',
  'cmi.interactions.0.timestamp': '2026-12-01T10:00:00',
  'cmi.objectives.0.id': 'sampling',
  'cmi.objectives.0.success_status': 'passed',
  'cmi.objectives.0.score.scaled': '0.9',
  'cmi.success_status': 'passed',
  'cmi.score.scaled': '0.9',
};

describe("the auditor reads a learner's SCORM interactions and objectives", () => {
  it('with the course and SCO in words, the question, the response and whether it was right (SCORM 2004)', async () => {
    const res = await save(SEQ, { scoId: 'quiz', cmi: quiz2004, rollup: { completion: 'completed', success: 'passed', score: 90 }, sequencing: '{"s":1}' });
    expect(res.statusCode, res.body).toBe(200);
    const [commit] = await commits('en', res);
    expect(commit?.scorm).toEqual({
      place: 'Planting · Soil preparation',
      entryId: SEQ,
      scoId: 'quiz',
      version: '2004',
      lessonStatus: 'passed',
      score: 90,
      interactions: [
        {
          index: 0,
          id: 'soil-depth',
          type: 'choice',
          description: 'How deep is a soil sample taken?',
          learnerResponse: 'b',
          result: 'correct',
          correctResponses: ['b'],
          latency: 'PT7S',
          timestamp: '2026-12-01T10:00:00',
          weighting: null,
          objectiveIds: [],
        },
      ],
      objectives: [{ index: 0, id: 'sampling', status: 'passed', completion: null, score: 90, description: null }],
    });
    // the place is in the auditor's language
    expect((await commits('pt-BR', res))[0]?.scorm?.place).toBe('Plantio · Soil preparation');
  });

  it("reads SCORM 1.2's own elements (student_response, wrong, time) under the same names", async () => {
    const res = await save(MULTI, {
      scoId: 'test',
      cmi: { 'cmi.interactions.0.id': 'drip', 'cmi.interactions.0.type': 'choice', 'cmi.interactions.0.student_response': 'flood', 'cmi.interactions.0.result': 'wrong', 'cmi.interactions.0.time': '10:00:05', 'cmi.core.lesson_status': 'failed', 'cmi.core.score.raw': '40' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const commit = (await commits('en', res)).find((e) => e.scorm?.entryId === MULTI);
    expect(commit?.scorm?.interactions).toEqual([expect.objectContaining({ id: 'drip', learnerResponse: 'flood', result: 'wrong', timestamp: '10:00:05', description: null })]);
    expect(commit?.scorm).toMatchObject({ scoId: 'test', version: '1.2', objectives: [] });
  });

  it("refuses, whole and with 400, a commit whose interaction or objective is not in its version's shape", async () => {
    // 'incorrect' is SCORM 2004's word; a 1.2 package says 'wrong'
    const wrongWord = await save(MULTI, { scoId: 'test', cmi: { 'cmi.interactions.1.id': 'q2', 'cmi.interactions.1.result': 'incorrect', 'cmi.core.lesson_status': 'incomplete' } });
    expect(wrongWord.statusCode).toBe(400);
    expect(wrongWord.json()).toMatchObject({ code: 'app/bed-request', details: [{ path: 'cmi.cmi.interactions.1.result', code: 'invalid_value' }] });
    const badStatus = await save(SEQ, { scoId: 'quiz', cmi: { 'cmi.objectives.1.id': 'o2', 'cmi.objectives.1.success_status': 'done' } });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().details).toEqual([expect.objectContaining({ path: 'cmi.cmi.objectives.1.success_status' })]);
    // 1.2's student_response is at most 255 characters
    const long = await save(MULTI, { scoId: 'test', cmi: { 'cmi.interactions.1.id': 'q2', 'cmi.interactions.1.student_response': 'x'.repeat(256) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual([expect.objectContaining({ path: 'cmi.cmi.interactions.1.student_response', code: 'too_big' })]);
  });

  it('stores a commit retried with its Idempotency-Key once (the first try had committed)', async () => {
    const key = randomUUID();
    const body = { scoId: 'part1', cmi: { 'cmi.core.lesson_status': 'incomplete', 'cmi.core.lesson_location': 'p3', 'cmi.interactions.0.id': 'valve', 'cmi.interactions.0.student_response': 'open', 'cmi.interactions.0.result': 'correct' } };
    const first = await save(MULTI, body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(200);
    const retry = await save(MULTI, body, { 'idempotency-key': key });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().scos.part1.cmi['cmi.core.lesson_location']).toBe('p3');
    const stored = (await commits('en', first)).filter((e) => e.scorm?.scoId === 'part1');
    expect(stored).toHaveLength(1);
  });
});
