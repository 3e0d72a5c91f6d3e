/**
 * A learner's story for the auditor's specs (ADR 0071): a registration over HTTP, then answers,
 * a certificate and a training-center booking made with the same address, appended as the other
 * contexts would. Imported by specs only.
 */
import { learnerStream, type AnswerSubmitted } from '@portal/assessment/contracts';
import { bookingStream, visitorStream } from '@portal/booking/contracts';
import { newId } from '@portal/kernel';
import { emailKeyOf } from '@portal/projection-audit-subjects';
import { certificateStream } from '@portal/scoring/contracts';
import type { TestApp } from '@portal/testing/app';
import { registerUser, type TestUser } from '@portal/testing/identity';

const context = { correlationId: 'audit-story', actor: 'system', origin: 'cli' } as const;
const title = (en: string) => ({ 'pt-BR': en, es: en, en });

export interface AuditStory {
  learner: TestUser;
  firstAnswer: string;
  retry: string;
  certificateId: string;
  bookingId: string;
}

/** One AnswerSubmitted's data of the audit stories (a soja station question, right or wrong). */
export const answer = (actor: string, rowId: string, attempt: number, isCorrect: boolean, at: string): AnswerSubmitted['data'] => ({
  rowId,
  actor,
  questionId: 'q-soja-1',
  answerId: isCorrect ? 'a-right' : 'a-wrong',
  isCorrect,
  score: isCorrect ? 10 : 0,
  countsForScore: true,
  postQuestionId: null,
  postAnswerId: null,
  postIsCorrect: null,
  postScore: 0,
  postCountsForScore: false,
  points: isCorrect ? 10 : 0,
  secondsToAnswer: 3.5,
  context: 'station',
  origin: 'web',
  questionRevision: 0,
  postQuestionRevision: null,
  stationId: 'soja-plantio',
  entryId: null,
  attempt,
  answeredAt: at,
});

/** Joana registers (HTTP), answers a question twice, gets the soja certificate and books a visit with her address. */
export async function tellAuditStory(t: TestApp, email = 'joana.prado@example.com'): Promise<AuditStory> {
  const learner = await registerUser(t, email);
  const store = t.infra.store;
  const firstAnswer = newId();
  const retry = newId();
  const certificateId = newId();
  const bookingId = newId();
  const locationId = '01900000-0000-7000-8000-00000000b001';
  const key = emailKeyOf(email);
  const source = { channel: 'booking-form' as const, linkHash: null, ip: null, userAgent: null };
  await store.append(learnerStream(learner.userId), [{ type: 'AnswerSubmitted', data: answer(learner.userId, firstAnswer, 1, false, '2026-11-21T10:00:00.000Z') }], { expectedRevision: 'any', context });
  await store.append(visitorStream(key), [{ type: 'VisitorBookingClaimed', data: { visitorKey: key, bookingId, locationId, date: '2026-12-03', time: '09:00', claimedAt: '2026-11-21T10:01:00.000Z' } }], {
    expectedRevision: 'any',
    context,
  });
  await store.append(
    bookingStream(bookingId),
    [
      {
        type: 'BookingRequested',
        data: {
          bookingId,
          locationId,
          date: '2026-12-03',
          time: '09:00',
          startsAt: '2026-12-03T12:00:00.000Z',
          endsAt: '2026-12-03T13:00:00.000Z',
          timezone: 'America/Sao_Paulo',
          visitor: { name: 'Joana Prado', email, phone: '+5511999990000', company: 'Agro Alfa' },
          lang: 'pt-BR',
          acceptedPrivacyPolicy: true,
          acceptedVisitProtocols: true,
          confirmTokenHash: 'c'.repeat(64),
          cancelTokenHash: 'd'.repeat(64),
          expiresAt: '2026-11-22T10:01:00.000Z',
          requestedAt: '2026-11-21T10:01:00.000Z',
          source,
        },
      },
    ],
    { expectedRevision: 'any', context },
  );
  await store.append(learnerStream(learner.userId), [{ type: 'AnswerSubmitted', data: answer(learner.userId, retry, 2, true, '2026-11-21T10:02:00.000Z') }], { expectedRevision: 'any', context });
  await store.append(
    certificateStream(learner.userId, 'cert-soja'),
    [
      {
        type: 'CertificateIssued',
        data: { certificateId, ruleId: 'cert-soja', ruleRevision: 0, cropId: 'soja', userId: learner.userId, holderName: 'Joana Prado', lang: 'en', title: title('Soy certificate'), rules: [], issuedAt: '2026-11-21T10:03:00.000Z' },
      },
    ],
    { expectedRevision: 'any', context: { ...context, origin: 'system' } },
  );
  return { learner, firstAnswer, retry, certificateId, bookingId };
}
