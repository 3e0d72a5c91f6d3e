import { certificateStatusOf, evidenceOf } from '@portal/scoring/contracts/certificate-rule';
import { cropProgressOf, type CatalogueModel } from '../../contracts/index.js';
import type { LearnerFacts } from '../../domain/index.js';

/**
 * 000 §4.3 / 001 §4: a crop's certificates as its station and training views show them, earned or
 * locked. Whether one is earned is scoring's rule (`certificateStatusOf`, ADR 0088), judged on
 * learning's station progress (`cropProgressOf`); the certificates read model and scoring's
 * decider judge by the same function.
 */
export function certificatesOf(model: CatalogueModel, facts: LearnerFacts, cropId: string) {
  return model.certificates
    .filter((c) => c.cropId === cropId)
    .map((c) => {
      const status = certificateStatusOf(evidenceOf(c.stationsRules, (stationId) => cropProgressOf(model, facts, stationId)));
      const rules = status.rules.map((r) => ({ stationId: r.stationId, requiredMedias: r.requiredMedias, requiredQuestions: r.requiredQuestions, requiredMediaQuestions: r.requiredMediaQuestions, satisfied: r.satisfied }));
      return { certificateId: c.certificateId, cropId: c.cropId, title: c.title, earned: status.met, locked: !status.met, rules };
    });
}
