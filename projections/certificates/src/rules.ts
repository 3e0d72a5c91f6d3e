/**
 * 000 §4.3 / 001 §4 certificate rules as pure functions: a station's crop progress counts as
 * completed when all media are complete, required questions are complete and media questions are
 * complete; a certificate is earned when every station rule is satisfied. Mirrors the learning
 * context's station view (learning domain rules.ts), computed from the events this projection reads.
 */
export interface CertStation {
  stationId: string;
  parent: string | null;
  type: 'Map' | 'Detail';
  isActive: boolean;
  entries: { entryId: string; optional: boolean; questionsIds: string[] }[];
  questions: { questionIds: string[]; inactive: boolean; mandatoryAnswerAll: boolean; minCorrectAnswers: number } | null;
}

export interface CertRule {
  certificateId: string;
  cropId: string;
  revision: number;
  stationsRules: { stationId: string; requiredMedias: boolean; requiredQuestions: boolean; requiredMediaQuestions: boolean }[];
}

export interface LearnerCertFacts {
  completed: ReadonlySet<string>;
  answers: ReadonlyMap<string, boolean>;
}

export interface StationRuleStatus {
  stationId: string;
  requiredMedias: boolean;
  requiredQuestions: boolean;
  requiredMediaQuestions: boolean;
  mediaCompleted: boolean;
  questionsCompleted: boolean;
  mediaQuestionsCompleted: boolean;
  satisfied: boolean;
}

export type LockReason = 'incompleteContent' | 'incompleteQuestions';

function entriesOf(stations: ReadonlyMap<string, CertStation>, stationId: string): CertStation['entries'] {
  const station = stations.get(stationId);
  if (!station) return [];
  if (station.type !== 'Map') return station.entries;
  const children = [...stations.values()].filter((s) => s.parent === stationId && s.isActive);
  return [...station.entries, ...children.flatMap((c) => c.entries)];
}

export function stationRuleStatus(stations: ReadonlyMap<string, CertStation>, facts: LearnerCertFacts, rule: CertRule['stationsRules'][number]): StationRuleStatus {
  const station = stations.get(rule.stationId);
  const entries = entriesOf(stations, rule.stationId);
  // an unknown (retired) station cannot be completed
  const mediaCompleted = !!station && entries.filter((e) => !e.optional).every((e) => facts.completed.has(e.entryId));
  const config = station?.questions ?? null;
  let questionsCompleted = !!station;
  if (station && config && !config.inactive && config.questionIds.length > 0) {
    const answered = config.questionIds.filter((q) => facts.answers.has(q));
    const correct = answered.filter((q) => facts.answers.get(q) === true).length;
    const requirementsMet = !(config.mandatoryAnswerAll && answered.length < config.questionIds.length) && !(config.minCorrectAnswers > 0 && correct < config.minCorrectAnswers);
    questionsCompleted = answered.length === config.questionIds.length && requirementsMet;
  }
  const mediaQuestionsCompleted = !!station && entries.every((e) => e.questionsIds.every((q) => facts.answers.has(q)));
  const satisfied = (!rule.requiredMedias || mediaCompleted) && (!rule.requiredQuestions || questionsCompleted) && (!rule.requiredMediaQuestions || mediaQuestionsCompleted);
  return { ...rule, mediaCompleted, questionsCompleted, mediaQuestionsCompleted, satisfied };
}

export function certificateStatus(stations: ReadonlyMap<string, CertStation>, facts: LearnerCertFacts, rule: CertRule): { met: boolean; rules: StationRuleStatus[]; lockReason: LockReason | null } {
  const rules = rule.stationsRules.map((r) => stationRuleStatus(stations, facts, r));
  const met = rules.length > 0 && rules.every((r) => r.satisfied);
  let lockReason: LockReason | null = null;
  if (!met) lockReason = rules.some((r) => r.requiredMedias && !r.mediaCompleted) || rules.length === 0 ? 'incompleteContent' : 'incompleteQuestions';
  return { met, rules, lockReason };
}
