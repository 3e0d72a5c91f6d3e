/**
 * The privacy stream of a data subject (`identity.privacy-<userId>`, ADR 0092): their access and
 * deletion requests, the legal holds on them and their consents. Parsed through identityEvents.
 */
import { z } from 'zod';
import { defineEvents, type EventOf } from '@portal/eventstore/event-schemas';
import { CONSENTS } from './privacy.js';

const consent = z.enum(CONSENTS);
const dataExportRequested = z.object({ requestId: z.string(), userId: z.string(), companyId: z.string().nullable(), by: z.string(), requestedAt: z.string(), dueAt: z.string() });
/** The export file was built and its link mailed; `sha256` of the ZIP is the proof the auditor sees. */
const dataExportPrepared = z.object({
  requestId: z.string(),
  userId: z.string(),
  fileId: z.string(),
  events: z.number().int(),
  bytes: z.number().int(),
  sha256: z.string(),
  expiresAt: z.string(),
  preparedAt: z.string(),
});
const accountDeletionRequested = z.object({
  requestId: z.string(),
  userId: z.string(),
  companyId: z.string().nullable(),
  by: z.string(),
  requestedAt: z.string(),
  /** the grace period's end: signing in before it cancels the request */
  eraseAfter: z.string(),
  dueAt: z.string(),
});
const accountDeletionCanceled = z.object({
  requestId: z.string(),
  userId: z.string(),
  reason: z.enum(['signed-in', 'subject', 'operator']),
  by: z.string(),
  canceledAt: z.string(),
});
/** The erasure was decided (due, no legal hold): from here signing in no longer cancels it and the eraser runs. */
const accountErasureStarted = z.object({ requestId: z.string(), userId: z.string(), startedAt: z.string() });
/** SubjectEraser answered: `proof` is the SubjectErased event's id and position, never personal data. */
const accountErased = z.object({ requestId: z.string(), userId: z.string(), proof: z.string(), erasedAt: z.string() });
const legalHoldPlaced = z.object({ userId: z.string(), holdId: z.string(), reason: z.string(), by: z.string(), placedAt: z.string() });
const legalHoldLifted = z.object({ userId: z.string(), holdId: z.string(), by: z.string(), liftedAt: z.string() });
const consentGiven = z.object({ userId: z.string(), consent, textVersion: z.string(), givenAt: z.string() });
const consentWithdrawn = z.object({ userId: z.string(), consent, textVersion: z.string(), withdrawnAt: z.string() });

export const privacyEventSchemas = {
  DataExportRequested: dataExportRequested,
  DataExportPrepared: dataExportPrepared,
  AccountDeletionRequested: accountDeletionRequested,
  AccountDeletionCanceled: accountDeletionCanceled,
  AccountErasureStarted: accountErasureStarted,
  AccountErased: accountErased,
  LegalHoldPlaced: legalHoldPlaced,
  LegalHoldLifted: legalHoldLifted,
  ConsentGiven: consentGiven,
  ConsentWithdrawn: consentWithdrawn,
};
/** The privacy stream's events (its decider's `events`). */
export const privacyEvents = defineEvents(privacyEventSchemas);
export type PrivacyEvent = EventOf<typeof privacyEventSchemas>;
export const PRIVACY_EVENT_TYPES: PrivacyEvent['type'][] = privacyEvents.types;
export const privacyStream = (userId: string) => `identity.privacy-${userId}`;

