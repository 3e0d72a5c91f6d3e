import type { CatalogueStation } from '../contracts/events.js';
import { contentEntriesOf, entriesOf, questionsProgressOf, requiredEntriesOf, stationMediaComplete, type CatalogueModel } from '../contracts/catalogue.js';
import type { ContentEntry } from '../contracts/pack.js';
import { LOCK_MESSAGE_KEYS, type LockReason, type LockState, type ProgressSummary } from '../contracts/http.js';
import { unlocked } from './progress.js';

/**
 * Locks and progress of 000 §4.3, as pure functions of the catalogue and what one learner has
 * done. The content status of 000 §4.1 (`contentStatusOf`) is learning's contract
 * (contracts/content-status.ts): assessment's recommendations show it too. The station view they stand on (content, questions
 * progress, crop progress) and station access are learning's contracts (contracts/catalogue.ts,
 * contracts/access.ts), shared with assessment and scoring. Whether a crop's certificate is earned
 * is scoring's rule (ADR 0088): learning's views ask it in application/shared/crop-certificates.ts.
 */

/** What the rules need to know about one learner (from the progress read model). */
export interface LearnerFacts {
  /** entry ids with completedAt */
  completed: ReadonlySet<string>;
  /** entry ids with any activity (view, play, bookmark, feedback) */
  touched: ReadonlySet<string>;
  /** station ids the learner has visited */
  visited: ReadonlySet<string>;
  /**
   * Answers by question id, fed by the assessment context's integration events (ADR 0025);
   * empty until that context exists: every question rule then computes with nothing answered.
   */
  answers: ReadonlyMap<string, { isCorrect: boolean; answeredAt: string }>;
}

export const noFacts = (): LearnerFacts => ({ completed: new Set(), touched: new Set(), visited: new Set(), answers: new Map() });

const lockOf = (reason: LockReason, extra: Partial<Pick<LockState, 'requiredEntryIds' | 'requiredStationIds'>> & { minAnswers?: number } = {}): LockState => ({
  locked: true,
  reason,
  message: LOCK_MESSAGE_KEYS[reason],
  params: extra.minAnswers !== undefined ? { minAnswers: extra.minAnswers } : {},
  requiredEntryIds: extra.requiredEntryIds ?? [],
  requiredStationIds: extra.requiredStationIds ?? [],
});

/**
 * Why a required station does not count as done (000 §4.3): incomplete content, unanswered
 * required questions, or fewer than minCorrectAnswers correct answers once answers exist.
 */
function requiredStationGap(model: CatalogueModel, facts: LearnerFacts, requiredId: string): LockState | null {
  const required = model.stations.get(requiredId);
  if (!required) return null;
  if (!stationMediaComplete(model, facts, requiredId)) return lockOf('incompleteContent', { requiredStationIds: [requiredId] });
  const qp = questionsProgressOf(required.questions, facts.answers);
  if (qp && qp.mandatoryAnswerAll && qp.answered < qp.total) return lockOf('incompleteQuestions', { requiredStationIds: [requiredId] });
  if (qp && qp.minCorrectAnswers > 0 && qp.answered > 0 && qp.correct < qp.minCorrectAnswers) {
    return lockOf('minCorrectAnswers', { requiredStationIds: [requiredId], minAnswers: qp.minCorrectAnswers });
  }
  return null;
}

const REASON_ORDER: LockReason[] = ['incompleteContent', 'incompleteQuestions', 'minCorrectAnswers'];

function merge(locks: LockState[]): LockState {
  if (locks.length === 0) return unlocked();
  const first = [...locks].sort((a, b) => REASON_ORDER.indexOf(a.reason!) - REASON_ORDER.indexOf(b.reason!))[0]!;
  return {
    ...first,
    requiredEntryIds: [...new Set(locks.flatMap((l) => l.requiredEntryIds))],
    requiredStationIds: [...new Set(locks.flatMap((l) => l.requiredStationIds))],
  };
}

/** A station (or crop) is locked by its unlock handler, and by its parent's lock. */
export function stationLock(model: CatalogueModel, facts: LearnerFacts, stationId: string, seen: Set<string> = new Set()): LockState {
  const station = model.stations.get(stationId);
  if (!station || seen.has(stationId)) return unlocked();
  seen.add(stationId);
  if (station.parent && model.stations.has(station.parent)) {
    const parentLock = stationLock(model, facts, station.parent, seen);
    if (parentLock.locked) return parentLock;
  }
  const handler = station.unlock;
  if (!handler) return unlocked();
  const locks: LockState[] = [];
  const missingEntries = handler.completedEntryIds.filter((e) => !facts.completed.has(e));
  if (missingEntries.length > 0) locks.push(lockOf('incompleteContent', { requiredEntryIds: missingEntries }));
  for (const required of handler.completedStationIds) {
    const gap = requiredStationGap(model, facts, required);
    if (gap) locks.push(gap);
  }
  return merge(locks);
}

/** An entry is locked when its station is, or when an entry it requires lacks completion. */
export function entryLock(model: CatalogueModel, facts: LearnerFacts, stationId: string, entry: Pick<ContentEntry, 'requires'>, station?: LockState): LockState {
  const lock = station ?? stationLock(model, facts, stationId);
  if (lock.locked) return lock;
  const missing = entry.requires.filter((r) => model.entries.has(r) && !facts.completed.has(r));
  return missing.length > 0 ? lockOf('incompleteContent', { requiredEntryIds: missing }) : unlocked();
}

/**
 * Journey and crop progress (000 §4.3): percent = round(completed / total * 100) over the
 * non-optional content; in progress above 0 (or with any activity) and below 100.
 */
export function progressSummaryOf(model: CatalogueModel, facts: LearnerFacts, stationId: string): ProgressSummary {
  const required = requiredEntriesOf(model, stationId);
  const total = required.length;
  const completed = required.filter((e) => facts.completed.has(e.entryId)).length;
  const percent = total === 0 ? 0 : Math.round((completed / total) * 100);
  const activity =
    completed > 0 ||
    facts.visited.has(stationId) ||
    contentEntriesOf(model, stationId).some((e) => facts.touched.has(e.entryId) || facts.completed.has(e.entryId)) ||
    (model.children.get(stationId) ?? []).some((c) => facts.visited.has(c));
  const status = total > 0 && percent === 100 ? 'completed' : percent > 0 || activity ? 'in-progress' : 'not-started';
  return { completed, total, percent, status };
}

/** Entries of a station the caller sees (display order). */
export const visibleEntries = (station: CatalogueStation) => entriesOf(station);
