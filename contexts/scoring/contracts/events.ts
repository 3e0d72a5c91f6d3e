/**
 * Stored events of the scoring context. Scores themselves are a read model (projections/scores)
 * computed from answers and completions; the only fact scoring records is a certificate.
 *
 * Streams:
 * - scoring.certificate-<userId>-<ruleId>   CertificateIssued (at most once per learner and crop certificate)
 */
import type { Locale } from '@portal/kernel';

export interface CertificateStationRuleEvidence {
  stationId: string;
  requiredMedias: boolean;
  requiredQuestions: boolean;
  requiredMediaQuestions: boolean;
  mediaCompleted: boolean;
  questionsCompleted: boolean;
  mediaQuestionsCompleted: boolean;
  satisfied: boolean;
}

/** Recorded once by the certificate process manager when every station rule of the crop's certificate is met. */
export interface CertificateIssued {
  type: 'CertificateIssued';
  data: {
    /** the issued certificate's own id: printed on the PDF and verified through the QR code */
    certificateId: string;
    /** the crop's certificate rule (content pack certificateId, e.g. cert-soja) */
    ruleId: string;
    ruleRevision: number;
    cropId: string;
    userId: string;
    /** the learner's name and language when it was issued (the PDF uses the current profile) */
    holderName: string | null;
    lang: Locale;
    title: Record<Locale, string>;
    rules: CertificateStationRuleEvidence[];
    issuedAt: string;
  };
}

export type ScoringEvent = CertificateIssued;
export const SCORING_EVENT_TYPES: ScoringEvent['type'][] = ['CertificateIssued'];

export const certificateStream = (userId: string, ruleId: string) => `scoring.certificate-${userId}-${ruleId}`;
