/**
 * A small learning log for the xAPI export's specs: a crop with a station and its entries, two
 * questions (one a follow-up), a certificate rule, a scheduled event, and what three learners and
 * a guest did with them. Every event's data is checked against its context's contract here, so a
 * spec never appends a shape the portal would not store. Imported by specs only.
 */
import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, RecordedEvent } from '@portal/eventstore';
import { learnerStream } from '@portal/assessment/contracts';
import { scheduledEventStream } from '@portal/events/contracts';
import { catalogueStationSchema, progressStream, questionSchema, stationStream } from '@portal/learning/contracts';
import { certificateStream } from '@portal/scoring/contracts';
import { xapiSourceEvents, type XapiSourceEvent } from '../application/xapi-export/source-events.js';

export type LogEntry = { stream: string; event: NewEvent & { type: XapiSourceEvent['type'] } };
const title = (en: string) => ({ 'pt-BR': `${en} (pt)`, es: `${en} (es)`, en });

const entry = <T extends XapiSourceEvent['type']>(stream: string, type: T, data: Extract<XapiSourceEvent, { type: T }>['data']): LogEntry => {
  xapiSourceEvents.parse({ type, data });
  return { stream, event: { type, data: data as Record<string, unknown>, eventId: randomUUID() } };
};

export const station = (stationId: string, parent: string | null, entries: string[], at = '2026-08-01T00:00:00.000Z'): LogEntry =>
  entry(stationStream(stationId), 'StationRevised', {
    stationId,
    revision: 0,
    contentHash: 'h',
    packVersion: 'p',
    revisedAt: at,
    station: catalogueStationSchema.parse({
      stationId,
      path: stationId,
      type: parent ? 'Detail' : 'Map',
      ...(parent ? { parent } : {}),
      title: title(stationId),
      entries: entries.map((entryId) => ({ entryId, type: entryId.startsWith('doc') ? 'pdf' : 'video', title: title(entryId), src: { en: 'https://example.com/v.mp4' }, duration: 60 })),
      mediaHashes: {},
      entryHashes: {},
    }),
  });

export const question = (questionId: string, correct: string, scores: Record<string, number>): LogEntry =>
  entry(`learning.question-${questionId}`, 'QuestionRevised', {
    questionId,
    revision: 0,
    contentHash: 'h',
    packVersion: 'p',
    revisedAt: '2026-08-01T00:00:00.000Z',
    question: questionSchema.parse({
      questionId,
      label: title(questionId),
      options: Object.entries(scores).map(([id, score], i) => ({ id, label: title(id), displayOrder: i, isCorrect: id === correct, score })),
    }),
  });

export const certificateRule = (certificateId: string, cropId: string): LogEntry =>
  entry(`learning.certificate-${certificateId}`, 'CertificateRuleRevised', {
    certificateId,
    revision: 0,
    contentHash: 'h',
    packVersion: 'p',
    revisedAt: '2026-08-01T00:00:00.000Z',
    rule: { certificateId, cropId, title: title(certificateId), stationsRules: [{ stationId: cropId, requiredMedias: true, requiredQuestions: false, requiredMediaQuestions: false }] },
  });

export const scheduledEvent = (eventId: string, eventTitle: string): LogEntry =>
  entry(scheduledEventStream(eventId), 'ScheduledEventCreated', {
    eventId,
    title: eventTitle,
    type: 'field-day',
    description: 'Soy planting in the field',
    date: '2026-11-10',
    startHour: '09:00',
    finishHour: '12:00',
    timezone: 'America/Sao_Paulo',
    country: 'BR',
    venue: 'Farm',
    author: 'tc',
    department: 'd',
    cluster: 'c',
    categories: [],
    cultures: [],
    competenceArea: 'a',
    region: 'r',
    brand: 'b',
    bu: 'bu',
    targetAudience: 't',
    estimatedAudience: null,
    instructor: 'i',
    vacancies: 10,
    startsAt: '2026-11-10T12:00:00.000Z',
    endsAt: '2026-11-10T15:00:00.000Z',
    createdAt: '2026-10-01T00:00:00.000Z',
    by: 'tc-admin',
  });

export const mediaCompleted = (actor: string, stationId: string, entryId: string, at: string): LogEntry =>
  entry(progressStream(actor, stationId), 'MediaCompleted', { actor, stationId, entryId, entryType: 'video', playSessionId: null, duration: 60, via: 'end', completedAt: at });

export const answered = (
  actor: string,
  questionId: string,
  answerId: string,
  at: string,
  extra: Partial<Extract<XapiSourceEvent, { type: 'AnswerSubmitted' }>['data']> = {},
): LogEntry =>
  entry(learnerStream(actor), 'AnswerSubmitted', {
    rowId: randomUUID(),
    actor,
    questionId,
    answerId,
    isCorrect: true,
    score: 10,
    countsForScore: true,
    postQuestionId: null,
    postAnswerId: null,
    postIsCorrect: null,
    postScore: 0,
    postCountsForScore: false,
    points: 10,
    secondsToAnswer: 12.34,
    context: 'station',
    origin: 'web',
    questionRevision: 0,
    postQuestionRevision: null,
    stationId: 'soja-plantio',
    entryId: null,
    attempt: 1,
    answeredAt: at,
    ...extra,
  });

export const certificateIssued = (userId: string, ruleId: string, cropId: string, at: string): LogEntry =>
  entry(certificateStream(userId, ruleId), 'CertificateIssued', {
    certificateId: randomUUID(),
    ruleId,
    ruleRevision: 0,
    cropId,
    userId,
    holderName: 'Someone',
    lang: 'pt-BR',
    title: title(ruleId),
    rules: [],
    issuedAt: at,
  });

export const checkedIn = (eventId: string, userId: string, at: string): LogEntry =>
  entry(scheduledEventStream(eventId), 'AttendeeCheckedIn', { eventId, userId, at, recordedAt: at, via: { kind: 'ticket', deviceId: null }, by: 'staff' });
export const checkedOut = (eventId: string, userId: string, at: string, minutesPresent: number): LogEntry =>
  entry(scheduledEventStream(eventId), 'AttendeeCheckedOut', { eventId, userId, at, recordedAt: at, via: { kind: 'staff-code', window: 3 }, minutesPresent, by: userId });

export const FIELD_DAY = '01900000-0000-7000-8000-00000000e001';
export const LEARNER_1 = '01900000-0000-7000-8000-000000000101';
export const LEARNER_2 = '01900000-0000-7000-8000-000000000102';

/** The catalogue first, then 8 learning-log events of which one is a guest's: 8 statements (one answer has a follow-up). */
export const xapiLog = (): LogEntry[] => [
  station('soja', null, ['soja-intro']),
  station('soja-plantio', 'soja', ['sp-video', 'doc-guide']),
  question('q1', 'q1-a', { 'q1-a': 10, 'q1-b': 0 }),
  question('q1-post', 'q1-post-b', { 'q1-post-a': 0, 'q1-post-b': 5 }),
  certificateRule('cert-soja', 'soja'),
  scheduledEvent(FIELD_DAY, 'Field day: soy'),
  mediaCompleted(LEARNER_1, 'soja-plantio', 'sp-video', '2026-11-20T10:01:00.000Z'),
  mediaCompleted('guest:0190c3a0-0000-7000-8000-00000000aaaa', 'soja-plantio', 'sp-video', '2026-11-20T10:02:00.000Z'),
  answered(LEARNER_1, 'q1', 'q1-a', '2026-11-20T10:03:00.000Z', { postQuestionId: 'q1-post', postAnswerId: 'q1-post-a', postIsCorrect: false, postScore: 0, entryId: 'sp-video', context: 'media' }),
  mediaCompleted(LEARNER_1, 'soja', 'soja-intro', '2026-11-20T10:04:00.000Z'),
  certificateIssued(LEARNER_1, 'cert-soja', 'soja', '2026-11-20T10:05:00.000Z'),
  checkedIn(FIELD_DAY, LEARNER_2, '2026-11-10T12:05:00.000Z'),
  checkedOut(FIELD_DAY, LEARNER_2, '2026-11-10T14:35:30.000Z', 150.5),
  answered(LEARNER_2, 'q1', 'q1-b', '2026-11-21T09:00:00.000Z', { isCorrect: false, score: 0, points: 0, secondsToAnswer: 3 }),
];

/** The log as the store would hand it out (positions 1, 2...), for the mapping's unit specs. */
export const recordedLog = (log: LogEntry[]): RecordedEvent[] =>
  log.map(({ stream, event }, i) => ({
    streamId: stream,
    revision: 0n,
    checkpoint: { transactionId: 1000n, position: BigInt(i + 1) },
    type: event.type,
    data: event.data,
    metadata: { eventId: event.eventId!, correlationId: 'xapi-spec', causationId: null, actor: 'system', origin: 'cli', schemaVersion: 1, clientTime: null },
    recordedAt: new Date('2026-11-21T00:00:00.000Z'),
    hash: 'h',
  }));

export const appendLog = async (store: EventStore, log: LogEntry[]): Promise<void> => {
  for (const { stream, event } of log) await store.append(stream, [event], { expectedRevision: 'any', context: { correlationId: 'xapi-spec', actor: 'system', origin: 'cli' } });
};
