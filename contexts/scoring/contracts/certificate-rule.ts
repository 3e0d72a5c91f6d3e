/**
 * Certificate eligibility (000 §4.3, 001 §4): scoring's rule, written once (ADR 0088).
 *
 * "A certificate is earned when all its station rules are satisfied"; "the crop certificate stays
 * locked until the material is completed". A station rule says which parts of one station it
 * requires (media, questions, media questions); whether a station's parts are complete is
 * learning's station progress (`cropProgressOf`, learning's contracts), handed in as facts.
 *
 * Scoring's certificate decider applies this rule to the evidence it is given before it records
 * CertificateIssued; the certificates read model (the issuer's to-do list, the lock message) and
 * learning's crop views (earned or locked) show the same verdict by calling the same function.
 * It lives in the contracts, not the domain, because those two readers may import only contracts.
 */

/** One station rule of a certificate (the content pack's stationsRules item). */
export interface CertificateStationRule {
  stationId: string;
  requiredMedias: boolean;
  requiredQuestions: boolean;
  requiredMediaQuestions: boolean;
}

/** What learning's station progress says of one station (000 §4.3 "station crop progress"). */
export interface StationCompletion {
  mediaCompleted: boolean;
  questionsCompleted: boolean;
  mediaQuestionsCompleted: boolean;
}

/** A station rule with its station's completion: the evidence a certificate is judged on. */
export type StationRuleEvidence = CertificateStationRule & StationCompletion;

/** A judged station rule: satisfied when each part it requires is complete. */
export interface StationRuleStatus extends CertificateStationRule, StationCompletion {
  satisfied: boolean;
}

/** Why a certificate is locked (000 §8 lock messages): a required medium is missing, else questions. */
export type CertificateLockReason = 'incompleteContent' | 'incompleteQuestions';

export interface CertificateStatus {
  met: boolean;
  rules: StationRuleStatus[];
  lockReason: CertificateLockReason | null;
}

/** Each station rule with its station's completion (`completionOf`: learning's station progress). */
export const evidenceOf = (stationsRules: readonly CertificateStationRule[], completionOf: (stationId: string) => StationCompletion): StationRuleEvidence[] =>
  stationsRules.map((rule) => {
    const c = completionOf(rule.stationId);
    return {
      stationId: rule.stationId,
      requiredMedias: rule.requiredMedias,
      requiredQuestions: rule.requiredQuestions,
      requiredMediaQuestions: rule.requiredMediaQuestions,
      mediaCompleted: c.mediaCompleted,
      questionsCompleted: c.questionsCompleted,
      mediaQuestionsCompleted: c.mediaQuestionsCompleted,
    };
  });

/**
 * The rule: met when every one of the (at least one) station rules is satisfied, a station rule
 * being satisfied when each part it requires is complete; locked with the first missing part (a
 * required medium, else questions).
 */
export function certificateStatusOf(evidence: readonly StationRuleEvidence[]): CertificateStatus {
  const rules = evidence.map(
    (e): StationRuleStatus => ({
      stationId: e.stationId,
      requiredMedias: e.requiredMedias,
      requiredQuestions: e.requiredQuestions,
      requiredMediaQuestions: e.requiredMediaQuestions,
      mediaCompleted: e.mediaCompleted,
      questionsCompleted: e.questionsCompleted,
      mediaQuestionsCompleted: e.mediaQuestionsCompleted,
      satisfied: (!e.requiredMedias || e.mediaCompleted) && (!e.requiredQuestions || e.questionsCompleted) && (!e.requiredMediaQuestions || e.mediaQuestionsCompleted),
    }),
  );
  const met = rules.length > 0 && rules.every((r) => r.satisfied);
  let lockReason: CertificateLockReason | null = null;
  if (!met) lockReason = rules.length === 0 || rules.some((r) => r.requiredMedias && !r.mediaCompleted) ? 'incompleteContent' : 'incompleteQuestions';
  return { met, rules, lockReason };
}
