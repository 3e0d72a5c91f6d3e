import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerStream, surveyStream } from '@portal/assessment/contracts';
import { quizStream, scheduledEventStream } from '@portal/events/contracts';
import { questionStream } from '@portal/learning/contracts';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { tokenFor } from '@portal/testing/client';
import { accessTokenFor, registerUser, type TestUser } from '@portal/testing/identity';
import { createEvent, quizInput, signIns, trackingClient } from '../../events/testing/test-kit.js';
import { seedLearning } from '../../learning/testing/test-kit.js';
import { auditFindResponseSchema, auditTimelineResponseSchema, type AuditFindResponse } from '../contracts/index.js';

/**
 * Issue 26 item 8 (ADR 0083): the auditor reads an answer in words, in their own language, as
 * the question stood at the revision it was answered at: the question, the station, the option
 * chosen, right or wrong and the points, when, the address and device, the follow-ups and retries
 * beside the chain's status; and every kind of answer is found by the learner's name and e-mail.
 */
let t: TestApp;
let auditor: string;
let learner: TestUser;
let stationAnswer: string;
let quizAnswer: string;
let surveyAnswer: string;
let answeredRevision: number;
const context = { correlationId: 'audit-answers', actor: 'system', origin: 'cli' } as const;

const find = async (q: string, lang: string): Promise<AuditFindResponse['subjects']> => {
  const res = await t.request('GET', `/api/audit/find?kind=answer&q=${encodeURIComponent(q)}&lang=${lang}`, { token: auditor });
  expect(res.statusCode, res.body).toBe(200);
  return auditFindResponseSchema.parse(res.json()).subjects;
};
const timeline = async (id: string, lang: string) => {
  const res = await t.request('GET', `/api/audit/subjects/answer/${id}/timeline?lang=${lang}`, { token: auditor });
  expect(res.statusCode, res.body).toBe(200);
  return auditTimelineResponseSchema.parse(res.json());
};

beforeAll(async () => {
  t = await startTestApp();
  await seedLearning(t);
  learner = await registerUser(t, 'rita.campos@example.com');
  const named = await t.request('POST', '/api/updateUserProfile', { token: learner.token, body: { name: 'Rita Campos', defaultStation: 'milho' } });
  expect(named.statusCode, named.body).toBe(200);
  // her session once verified and complete (the answer routes need it)
  const token = await accessTokenFor(t, { sub: learner.userId, email: learner.email });
  // the station drawer: a wrong answer, then the NPS panel's first step
  const answered = await t.request('POST', '/api/user-store/answer', {
    token,
    headers: { 'user-agent': 'Mozilla/5.0 (AuditWords)' },
    body: { questionId: 'milho-hibridos-q1', answerId: 'milho-hibridos-q1-b', stationId: 'milho-hibridos', context: 'station', secondsToAnswer: 4 },
  });
  expect(answered.statusCode, answered.body).toBe(201);
  const nps = await t.request('POST', '/api/user-store/answer', { token, body: { questionId: 'av1', answerId: 'av1-9', context: 'nps' } });
  expect(nps.statusCode, nps.body).toBe(201);
  // the question is revised after it was answered: the auditor still reads the words answered
  const revised = (await t.infra.store.readStream(questionStream('milho-hibridos-q1'))).at(-1);
  answeredRevision = (revised!.data as { revision: number }).revision;
  const question = (revised!.data as { question: { label: Record<string, string> } }).question;
  await t.infra.store.append(
    questionStream('milho-hibridos-q1'),
    [{ type: 'QuestionRevised', data: { ...revised!.data, revision: answeredRevision + 1, contentHash: 'x'.repeat(64), question: { ...question, label: { 'pt-BR': 'Nova pergunta', es: 'Nueva pregunta', en: 'New question' } } } }],
    { expectedRevision: 'any', context },
  );
  // an event quiz answered, and a public survey, as their contexts record them
  const call = trackingClient(t);
  const as = await signIns(t);
  const eventId = await createEvent(call, as.admin, { title: 'Dia de campo milho' });
  const quizId = (await call('POST', '/api/quiz', { token: as.admin, body: quizInput() })).json().quizId as string;
  const [defined] = await t.infra.store.readStream(quizStream(quizId));
  const first = (defined!.data as { questions: Array<{ questionId: string; alternatives: Array<{ alternativeId: string }> }> }).questions[0]!;
  await t.infra.store.append(
    scheduledEventStream(eventId),
    [
      {
        type: 'QuizAnswered',
        data: { eventId, quizId, userId: learner.userId, lang: 'pt-BR', answers: [{ questionId: first.questionId, alternativeIds: [first.alternatives[0]!.alternativeId], text: null, correct: true, score: 10, maxScore: 10 }], score: 10, maxScore: 10, pendingOpen: 0, answeredAt: '2026-11-21T12:00:00.000Z', by: learner.userId },
      },
    ],
    { expectedRevision: 'any', context: { ...context, actor: learner.userId, origin: 'web' } },
  );
  await t.infra.store.append(
    surveyStream('br-satisfacao', learner.userId),
    [{ type: 'SurveyAnswered', data: { surveyId: 'br-satisfacao', country: 'BR', surveyPath: 'satisfacao', surveyVersion: '1', actor: learner.userId, questionId: 'br-satisfacao-origem', answerId: 'br-satisfacao-origem-a', secondsToAnswer: 2, context: 'nps', answeredAt: '2026-11-21T12:01:00.000Z' } }],
    { expectedRevision: 'any', context: { ...context, actor: learner.userId, origin: 'web' } },
  );
  auditor = await tokenFor(t, 'auditor');
  await t.infra.projections.catchUp();
  const sheet = await t.infra.store.readStream(learnerStream(learner.userId));
  stationAnswer = String(sheet.find((e) => e.type === 'AnswerSubmitted' && e.data.questionId === 'milho-hibridos-q1')!.data.rowId);
  surveyAnswer = (await t.infra.store.readStream(surveyStream('br-satisfacao', learner.userId))).find((e) => e.type === 'SurveyAnswered')!.metadata.eventId;
  quizAnswer = (await t.infra.store.readStream(scheduledEventStream(eventId))).find((e) => e.type === 'QuizAnswered')!.metadata.eventId;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("the auditor reads an answer in words, in the auditor's language", () => {
  it('finds every kind of answer by the learner\'s name and by the e-mail', async () => {
    for (const q of ['Rita Campos', 'rita.campos@example.com']) {
      const found = await find(q, 'en');
      expect(found.map((s) => s.label).sort()).toEqual(
        [
          'What to consider when choosing a hybrid? · Hybrids',
          'From 0 to 10, how likely are you to recommend this portal to a colleague?',
          'Qual a principal praga vista hoje? · Dia de campo milho · Quiz do dia de campo',
          'How did you hear about the portal? · Satisfaction survey (BR)',
        ].sort(),
      );
    }
  });

  it('words a station answer as the question stood when answered, in each language, with its option, result, points, time, address and device', async () => {
    const labels = { 'pt-BR': 'O que considerar na escolha do híbrido? · Híbridos', es: '¿Qué considerar al elegir el híbrido? · Híbridos', en: 'What to consider when choosing a hybrid? · Hybrids' };
    const options = { 'pt-BR': 'Só o preço', es: 'Solo el precio', en: 'Only the price' };
    for (const lang of ['pt-BR', 'es', 'en'] as const) {
      const trail = await timeline(stationAnswer, lang);
      expect(trail.subject.label).toBe(labels[lang]);
      expect(trail.subject.detail).toBe(`Rita Campos · ${options[lang]} · ✗ · #1`);
      expect(trail.answer).toMatchObject({
        kind: 'station',
        learner: 'Rita Campos',
        learnerEmail: 'rita.campos@example.com',
        place: labels[lang].split(' · ')[1],
        items: [{ question: labels[lang].split(' · ')[0], option: options[lang], isCorrect: false, points: 0, followUp: false }],
        questionRevision: answeredRevision,
        isCorrect: false,
        points: 0,
        ip: '127.0.0.1',
        userAgent: 'Mozilla/5.0 (AuditWords)',
        attempt: 1,
        attempts: [{ id: stationAnswer, attempt: 1, isCorrect: false }],
      });
      expect(trail.streams.every((s) => s.verified)).toBe(true);
    }
  });

  it('words an event quiz answer by its quiz as defined when answered', async () => {
    const trail = await timeline(quizAnswer, 'es');
    expect(trail.answer).toMatchObject({ kind: 'event-quiz', place: 'Dia de campo milho · Quiz do dia de campo', items: [{ question: 'Qual a principal praga vista hoje?', option: 'Lagarta-da-soja', isCorrect: true, points: 10 }], isCorrect: true, points: 10 });
    expect(trail.subject.label).toBe('Qual a principal praga vista hoje? · Dia de campo milho · Quiz do dia de campo');
  });

  it("words a public survey answer by the survey's question and option (content/assessment.json), in each language", async () => {
    const words = {
      'pt-BR': ['Como você conheceu o portal?', 'Pesquisa de satisfação (BR)', 'Pelo meu representante'],
      es: ['¿Cómo conociste el portal?', 'Encuesta de satisfacción (BR)', 'Por mi representante'],
      en: ['How did you hear about the portal?', 'Satisfaction survey (BR)', 'From my sales representative'],
    } as const;
    for (const lang of ['pt-BR', 'es', 'en'] as const) {
      const [question, place, option] = words[lang];
      const trail = await timeline(surveyAnswer, lang);
      expect(trail.answer).toMatchObject({ kind: 'public-survey', learner: 'Rita Campos', learnerEmail: 'rita.campos@example.com', place, items: [{ question, option, isCorrect: null, points: null }] });
      expect(trail.subject.label).toBe(`${question} · ${place}`);
      expect(trail.subject.detail).toBe(`Rita Campos · ${option}`);
      expect((await find('rita.campos@example.com', lang)).map((s) => s.label)).toContain(`${question} · ${place}`);
    }
  });

  it('answers 400 for a language it does not speak', async () => {
    const res = await t.request('GET', `/api/audit/find?kind=answer&q=rita&lang=fr`, { token: auditor });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'app/bed-request', details: [expect.objectContaining({ path: 'lang' })] });
  });
});
