/**
 * Stored events of the scoring context. Scores themselves are a read model (projections/scores)
 * computed from answers and completions; the only fact scoring records is a certificate.
 *
 * Streams:
 * - scoring.certificate-<userId>-<ruleId>   CertificateIssued (at most once per learner and crop certificate)
 */
import { z } from 'zod';
import { defineEvents, type EventOf } from '@portal/eventstore/event-schemas';
import { LOCALES } from '@portal/kernel';

export const certificateStationRuleEvidenceSchema = z.object({
  stationId: z.string(),
  requiredMedias: z.boolean(),
  requiredQuestions: z.boolean(),
  requiredMediaQuestions: z.boolean(),
  mediaCompleted: z.boolean(),
  questionsCompleted: z.boolean(),
  mediaQuestionsCompleted: z.boolean(),
  satisfied: z.boolean(),
});
export type CertificateStationRuleEvidence = z.infer<typeof certificateStationRuleEvidenceSchema>;

/** Recorded once by the certificate process manager when every station rule of the crop's certificate is met. */
export const certificateIssuedSchema = z.object({
  /** the issued certificate's own id: printed on the PDF and verified through the QR code */
  certificateId: z.string(),
  /** the crop's certificate rule (content pack certificateId, e.g. cert-soja) */
  ruleId: z.string(),
  ruleRevision: z.number().int(),
  cropId: z.string(),
  userId: z.string(),
  /** the learner's name and language when it was issued (the PDF uses the current profile) */
  holderName: z.string().nullable(),
  lang: z.enum(LOCALES),
  title: z.record(z.enum(LOCALES), z.string()),
  rules: z.array(certificateStationRuleEvidenceSchema),
  issuedAt: z.string(),
});

/** The scoring context's stored events (schema version 1; no upcasters yet). */
export const scoringEvents = defineEvents({ CertificateIssued: certificateIssuedSchema });

export type ScoringEvent = EventOf<typeof scoringEvents.schemas>;
export type CertificateIssued = Extract<ScoringEvent, { type: 'CertificateIssued' }>;
export const SCORING_EVENT_TYPES: ScoringEvent['type'][] = scoringEvents.types;

export const certificateStream = (userId: string, ruleId: string) => `scoring.certificate-${userId}-${ruleId}`;
