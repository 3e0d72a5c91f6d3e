import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Checkpoint, EventStore, NewEvent } from '@portal/eventstore';
import { newId } from '@portal/kernel';
import { learnerStream } from '@portal/assessment/contracts';
import { bookingStream, visitorStream } from '@portal/booking/contracts';
import { emailStream, sessionStream, userStream } from '@portal/identity/contracts';
import { certificateStream } from '@portal/scoring/contracts';
import { auditExportStream, reportExportsStream } from '@portal/reporting/contracts';
import { dumpSchema, eventsOf, foldInto, useReportProjection } from '@portal/projection-report-kit/testing';
import { auditSubjectsProjection, emailKeyOf } from './audit-subjects.projection.js';
import { findAnswers, findBookings, findCertificates, subjectEvents, subjectExtent, subjectFacets, subjectKeysOf, subjectKnown, type SubjectKey } from './queries.js';
import type { AuditSubjectsDB } from './schema.js';
import { answer } from '../../../contexts/reporting/testing/audit-story.js';

/**
 * The auditor's index (ADR 0071), given events, then the rows the timeline reads: which events
 * concern which user, booking, answer and certificate, in the log's global order; the same rows
 * when an event arrives twice and when the index is rebuilt.
 */

const JOANA = newId();
const OTHER = newId();
const STAFF = newId();
const AUDITOR = newId();
const MANAGER = newId();
const EMAIL = 'Joana.Prado@example.com';
const KEY = emailKeyOf(EMAIL);
const SESSION = newId();
const BOOKING = newId();
const FIRST = newId();
const RETRY = newId();
const OTHERS_ANSWER = newId();
const CERTIFICATE = newId();
const LOCATION = '01900000-0000-7000-8000-00000000b001';
const source = { channel: 'booking-form', linkHash: null, ip: null, userAgent: null };


/** The story, one event per append (each its own transaction), with who appended it. */
const STORY: { stream: string; actor: string; event: NewEvent }[] = [
  // a visit booked with Joana's address before she had an account
  {
    stream: bookingStream(BOOKING),
    actor: 'guest:visitor-1',
    event: {
      type: 'BookingRequested',
      data: {
        bookingId: BOOKING,
        locationId: LOCATION,
        date: '2026-12-03',
        time: '09:00',
        startsAt: '2026-12-03T12:00:00.000Z',
        endsAt: '2026-12-03T13:00:00.000Z',
        timezone: 'America/Sao_Paulo',
        visitor: { name: 'Joana Prado', email: EMAIL, phone: '+5511999990000', company: 'Agro Alfa' },
        lang: 'pt-BR',
        acceptedPrivacyPolicy: true,
        acceptedVisitProtocols: true,
        confirmTokenHash: 'c'.repeat(64),
        cancelTokenHash: 'd'.repeat(64),
        expiresAt: '2026-11-22T10:01:00.000Z',
        requestedAt: '2026-11-20T10:00:00.000Z',
        source,
      },
    },
  },
  {
    stream: visitorStream(KEY),
    actor: 'guest:visitor-1',
    event: { type: 'VisitorBookingClaimed', data: { visitorKey: KEY, bookingId: BOOKING, locationId: LOCATION, date: '2026-12-03', time: '09:00', claimedAt: '2026-11-20T10:00:00.000Z' } },
  },
  // she registers, signs in
  { stream: emailStream(KEY), actor: 'system', event: { type: 'EmailClaimed', data: { email: EMAIL, userId: JOANA, claimedAt: '2026-11-20T11:00:00.000Z' } } },
  {
    stream: userStream(JOANA),
    actor: 'system',
    event: {
      type: 'UserRegistered',
      data: { userId: JOANA, email: EMAIL, passwordHash: 'argon2id$x', country: 'BR', ref: null, lang: 'pt-BR', consentAt: '2026-11-20T11:00:00.000Z', registeredAt: '2026-11-20T11:00:00.000Z' },
    },
  },
  {
    stream: sessionStream(SESSION),
    actor: JOANA,
    event: {
      type: 'SessionStarted',
      data: { sessionId: SESSION, userId: JOANA, refreshHash: 'r1', startedAt: '2026-11-20T11:01:00.000Z', expiresAt: '2026-12-20T11:01:00.000Z', ip: '203.0.113.7', userAgent: 'Firefox' },
    },
  },
  // staff confirm the booking
  {
    stream: bookingStream(BOOKING),
    actor: STAFF,
    event: {
      type: 'BookingConfirmed',
      data: { bookingId: BOOKING, locationId: LOCATION, date: '2026-12-03', time: '09:00', confirmedAt: '2026-11-20T12:00:00.000Z', by: 'staff', reason: 'called her', cancelTokenHash: null, source: { ...source, channel: 'staff' } },
    },
  },
  // the refresh names only the session ('system' here: a user id is never guessed from the actor)
  { stream: sessionStream(SESSION), actor: 'system', event: { type: 'SessionRefreshed', data: { sessionId: SESSION, refreshHash: 'r2', refreshedAt: '2026-11-21T09:00:00.000Z' } } },
  // an answer, its NPS step, the retry and the recommendations it brought
  { stream: learnerStream(JOANA), actor: JOANA, event: { type: 'AnswerSubmitted', data: answer(JOANA, FIRST, 1, false, '2026-11-21T10:00:00.000Z') } },
  { stream: learnerStream(JOANA), actor: JOANA, event: { type: 'NpsAnswered', data: { actor: JOANA, questionId: 'q-soja-1', answerId: 'nps-9', step: 1, rating: 9, answeredAt: '2026-11-21T10:00:30.000Z' } } },
  // another learner answers the same question meanwhile
  { stream: learnerStream(OTHER), actor: OTHER, event: { type: 'AnswerSubmitted', data: answer(OTHER, OTHERS_ANSWER, 1, true, '2026-11-21T10:01:00.000Z') } },
  { stream: learnerStream(JOANA), actor: JOANA, event: { type: 'AnswerSubmitted', data: answer(JOANA, RETRY, 2, true, '2026-11-21T10:02:00.000Z') } },
  { stream: learnerStream(JOANA), actor: 'system', event: { type: 'RecommendationsUpdated', data: { actor: JOANA, questionId: 'q-soja-1', recommendations: [], updatedAt: '2026-11-21T10:02:01.000Z' } } },
  {
    stream: certificateStream(JOANA, 'cert-soja'),
    actor: 'system',
    event: {
      type: 'CertificateIssued',
      data: {
        certificateId: CERTIFICATE,
        ruleId: 'cert-soja',
        ruleRevision: 0,
        cropId: 'soja',
        userId: JOANA,
        holderName: 'Joana Prado',
        lang: 'en',
        title: { 'pt-BR': 'Certificado soja', es: 'Certificado soja', en: 'Soy certificate' },
        rules: [],
        issuedAt: '2026-11-21T10:03:00.000Z',
      },
    },
  },
  // an auditor exports the certificate's trail; a manager exports a report
  {
    stream: auditExportStream('x1'),
    actor: AUDITOR,
    event: { type: 'AuditTrailExported', data: { exportId: 'x1', subject: { kind: 'certificate', id: CERTIFICATE }, format: 'csv', events: 1, by: AUDITOR, exportedAt: '2026-11-22T08:00:00.000Z' } },
  },
  {
    stream: reportExportsStream(MANAGER),
    actor: MANAGER,
    event: {
      type: 'ReportExported',
      data: { exportId: 'r1', report: 'answers', filters: {}, asOf: null, format: 'xlsx', rows: 3, complete: true, by: MANAGER, scopeCompanyId: null, exportedAt: '2026-11-22T09:00:00.000Z' },
    },
  },
];

/** Appends the story; the cut is each event's checkpoint, by its index in STORY. */
async function tellStory(store: EventStore): Promise<Checkpoint[]> {
  const checkpoints: Checkpoint[] = [];
  for (const { stream, actor, event } of STORY) {
    checkpoints.push((await store.append(stream, [event], { expectedRevision: 'any', context: { correlationId: 'audit-subjects-spec', actor, origin: 'web' } })).checkpoint);
  }
  return checkpoints;
}

const index = useReportProjection(auditSubjectsProjection, tellStory);
const reader = (schema = index.schema) => index.database.db.withSchema(schema) as Kysely<AuditSubjectsDB>;
/** A subject's timeline as the auditor's screen reads it: its keys, then one page in global order. */
const timeline = async (kind: string, id: string, schema = index.schema) => subjectEvents(reader(schema), await subjectKeysOf(reader(schema), kind, id), {}, 100);
const typesOf = async (kind: string, id: string) => (await timeline(kind, id)).map((e) => e.type);
/** The checkpoints of the story's events that `keep` picks, in story order. */
const cutsOf = (keep: (step: (typeof STORY)[number]) => boolean) => index.cuts.filter((_, i) => keep(STORY[i]!));

describe('audit subjects index', () => {
  it("a user's timeline: their account, sessions, answers and certificate, and the visit booked with their address before they registered, in global order", async () => {
    expect(await subjectKeysOf(reader(), 'user', JOANA)).toEqual<SubjectKey[]>([
      { kind: 'user', subjectId: JOANA },
      { kind: 'visitor', subjectId: KEY },
    ]);
    const events = await timeline('user', JOANA);
    expect(events.map((e) => e.type)).toEqual([
      'BookingRequested',
      'VisitorBookingClaimed',
      'EmailClaimed',
      'UserRegistered',
      'SessionStarted',
      'BookingConfirmed',
      'SessionRefreshed',
      'AnswerSubmitted',
      'NpsAnswered',
      'AnswerSubmitted',
      'RecommendationsUpdated',
      'CertificateIssued',
    ]);
    // each event once, where the log has it: the other learner's answer, the exports are not hers
    const hers = cutsOf((s) => !['AuditTrailExported', 'ReportExported'].includes(s.event.type) && s.stream !== learnerStream(OTHER));
    expect(events.map((e) => ({ transactionId: e.transactionId, position: e.position }))).toEqual(hers);
    expect(events.map((e) => e.streamId).slice(0, 3)).toEqual([bookingStream(BOOKING), visitorStream(KEY), emailStream(KEY)]);
  });

  it('the people an event names: who confirmed, who exported, the other learner; a non-user actor names nobody', async () => {
    expect(await typesOf('user', STAFF)).toEqual(['BookingConfirmed']);
    expect(await typesOf('user', AUDITOR)).toEqual(['AuditTrailExported']);
    expect(await typesOf('user', MANAGER)).toEqual(['ReportExported']);
    expect(await typesOf('user', OTHER)).toEqual(['AnswerSubmitted']);
    expect(await subjectKnown(reader(), 'user', 'system')).toBe(false);
    expect(await subjectKnown(reader(), 'user', 'guest:visitor-1')).toBe(false);
  });

  it("a booking's events wherever they lie (its stream, the visitor's claim); an answer with its NPS step or recommendations; a certificate with the exports of its trail", async () => {
    expect(await typesOf('booking', BOOKING)).toEqual(['BookingRequested', 'VisitorBookingClaimed', 'BookingConfirmed']);
    // the NPS step follows the first answer, the recommendations the retry (the learner's latest answer then)
    expect(await typesOf('answer', FIRST)).toEqual(['AnswerSubmitted', 'NpsAnswered']);
    expect(await typesOf('answer', RETRY)).toEqual(['AnswerSubmitted', 'RecommendationsUpdated']);
    expect(await typesOf('answer', OTHERS_ANSWER)).toEqual(['AnswerSubmitted']);
    expect(await typesOf('certificate', CERTIFICATE)).toEqual(['CertificateIssued', 'AuditTrailExported']);
    // an id is known only under its own kind
    expect(await subjectKnown(reader(), 'answer', CERTIFICATE)).toBe(false);
    expect(await subjectKnown(reader(), 'certificate', CERTIFICATE)).toBe(true);
  });

  it('pages after a place and up to one, narrows by stream and type, counts the trail once per event', async () => {
    const keys = await subjectKeysOf(reader(), 'user', JOANA);
    const whole = await timeline('user', JOANA);
    const third = whole[2]!;
    expect(await subjectEvents(reader(), keys, { after: third }, 100)).toEqual(whole.slice(3));
    expect(await subjectEvents(reader(), keys, { upTo: third }, 100)).toEqual(whole.slice(0, 3));
    expect(await subjectEvents(reader(), keys, {}, 4)).toEqual(whole.slice(0, 4));
    expect((await subjectEvents(reader(), keys, { stream: bookingStream(BOOKING) }, 100)).map((e) => e.type)).toEqual(['BookingRequested', 'BookingConfirmed']);
    expect((await subjectEvents(reader(), keys, { type: 'AnswerSubmitted' }, 100)).map((e) => e.position)).toEqual(cutsOf((s) => s.event.type === 'AnswerSubmitted' && s.stream === learnerStream(JOANA)).map((c) => c.position));
    // the booking's events are under both her user key and her visitor key: counted once
    const facets = await subjectFacets(reader(), keys);
    expect(facets.total).toBe(12);
    expect(facets.streams).toContainEqual({ streamId: bookingStream(BOOKING), events: 2 });
    expect(facets.types).toContainEqual({ type: 'AnswerSubmitted', events: 2 });
    const extent = await subjectExtent(reader(), keys);
    expect(extent).toEqual({ events: 12, last: { transactionId: whole.at(-1)!.transactionId, position: whole.at(-1)!.position } });
  });

  it('finds a booking by the visitor, answers by learner (newest first), a certificate by a part of the holder name', async () => {
    expect((await findBookings(reader(), 'joana.prado@')).map((b) => [b.booking_id, b.visitor_key, b.date, b.time])).toEqual([[BOOKING, KEY, '2026-12-03', '09:00']]);
    expect((await findAnswers(reader(), { userIds: [JOANA] })).map((a) => [a.row_id, a.attempt, a.is_correct])).toEqual([
      [RETRY, 2, true],
      [FIRST, 1, false],
    ]);
    expect((await findCertificates(reader(), { name: 'prado' })).map((c) => [c.certificate_id, c.title])).toEqual([[CERTIFICATE, 'Soy certificate']]);
  });

  it('an event delivered twice changes nothing; one event per batch, rebuilt and every event twice: the same tables', async () => {
    await index.expectReplayEqualsLive();
  });

  it("a rebuild from the log equals the index the runtime kept live, and reads the same timelines", async () => {
    const rebuilt = await foldInto(index.database, auditSubjectsProjection, await eventsOf(index.store, auditSubjectsProjection));
    expect(await dumpSchema(index.database.db, rebuilt)).toEqual(await dumpSchema(index.database.db, index.schema));
    expect(await timeline('user', JOANA, rebuilt)).toEqual(await timeline('user', JOANA));
  });
});
