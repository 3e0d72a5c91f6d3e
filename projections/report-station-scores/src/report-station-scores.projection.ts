import { defineProjection } from '@portal/projections-runtime';
import { combineEvents } from '@portal/eventstore/event-schemas';
import { assessmentEvents } from '@portal/assessment/contracts';
import { identityEvents } from '@portal/identity/contracts';
import { catalogueEvents, progressEvents } from '@portal/learning/contracts';
import { POINTS_PER_COMPLETED_ENTRY, scoreBucketOf } from '@portal/scoring/contracts';
import { DIMENSION_EVENT_TYPES, foldDimensions, TemporalBatch, LEARNER_PERSONAL_DATA } from '@portal/projection-report-kit';
import {
  answerPointsTable,
  completionsTable,
  migrateReportStationScores,
  questionMaxTable,
  ratingsTable,
  stationMaxTable,
  stationScoresTable,
  type AnswerPointsRow,
  type StationScoreRow,
} from './schema.js';
import { iso } from '@portal/kernel';

const events = combineEvents(identityEvents, catalogueEvents, assessmentEvents, progressEvents);

/**
 * Where an answer's points land, scoring's documented rule (ADR 0044 "Buckets"; the code is
 * `bucketOf` in projections/scores, which a projection may not import, so the rule is replicated
 * here and named in ADR 0070): NPS answers (context nps) and answers asked by no station count in
 * no station; asked by an entry -> videosAnswersScore; asked by a station's questions config ->
 * questionsScore. 'none': the answer is current but belongs to no station.
 */
type Bucket = AnswerPointsRow['bucket'] | 'none';
const bucketOf = (a: { context: string; entryId: string | null; stationId: string | null }): Bucket | null => {
  const bucket = scoreBucketOf(a);
  return bucket === 'nps' ? null : !a.stationId || bucket === 'extra' ? 'none' : bucket;
};

const isGuest = (actor: string): boolean => actor.startsWith('guest:');

interface Delta {
  questions: number;
  videosAnswers: number;
  videos: number;
  completed: number;
  answers: number;
  usability: number;
  ratings: number;
}
const zero = (): Delta => ({ questions: 0, videosAnswers: 0, videos: 0, completed: 0, answers: 0, usability: 0, ratings: 0 });

const EMPTY = (userId: string, stationId: string, at: string): StationScoreRow => ({
  user_id: userId,
  station_id: stationId,
  questions_score: 0,
  videos_score: 0,
  videos_answers_score: 0,
  completed_entries: 0,
  answers: 0,
  usability_score: 0,
  usability_ratings: 0,
  last_activity_at: at,
});

/**
 * The station scores report (001 §2 stations-score-report, §3 station score record and score
 * detail; ADR 0070): per learner and station, the score detail computed with scoring's rules
 * (ADR 0044: the recorded points of each current answer, 30 per first completion), the answer
 * score against the most the station's questions give (read from the catalogue as it stood), and
 * the usability score (the learner's 1-5 ratings of the station and its entries, out of 5 per
 * rated item). Every row is temporal, so the report reads as of any position. Rebuild:
 * `npm run portal -- projections rebuild report-station-scores`.
 */
export const reportStationScoresProjection = defineProjection({
  name: 'report-station-scores',
  version: 1,
  personalData: LEARNER_PERSONAL_DATA,
  events,
  eventTypes: [...DIMENSION_EVENT_TYPES, 'AnswerSubmitted', 'MediaCompleted', 'ContentFeedbackGiven', 'StationFeedbackGiven'],
  migrate: migrateReportStationScores,
  // reports' indexes serve the pages; folding finds rows by primary key (TemporalBatch)
  readIndexesAfterCopy: true,
  async apply(trx, schema, batch) {
    await foldDimensions(trx, schema, batch);
    const scores = new TemporalBatch(stationScoresTable);
    const answers = new TemporalBatch(answerPointsTable);
    const completions = new TemporalBatch(completionsTable);
    const ratings = new TemporalBatch(ratingsTable);
    const questionMax = new TemporalBatch(questionMaxTable);
    const stationMax = new TemporalBatch(stationMaxTable);

    // the keys this batch touches (a retry may take points out of another station: loaded below)
    const scoreKeys = new Map<string, [string, string]>();
    const scoreKey = (u: string, s: string) => scoreKeys.set(`${u}\u0000${s}`, [u, s]);
    const answerKeys: [string, string][] = [];
    const completionKeys: [string, string][] = [];
    const ratingKeys: [string, string, string][] = [];
    const questionKeys: [string][] = [];
    const stationKeys: [string][] = [];
    for (const e of batch) {
      switch (e.type) {
        case 'AnswerSubmitted':
          if (isGuest(e.data.actor) || bucketOf(e.data) === null) break;
          answerKeys.push([e.data.actor, e.data.questionId]);
          if (e.data.stationId) scoreKey(e.data.actor, e.data.stationId);
          break;
        case 'MediaCompleted':
          if (isGuest(e.data.actor)) break;
          completionKeys.push([e.data.actor, e.data.entryId]);
          scoreKey(e.data.actor, e.data.stationId);
          break;
        case 'ContentFeedbackGiven':
        case 'StationFeedbackGiven':
          if (isGuest(e.data.actor)) break;
          ratingKeys.push([e.data.actor, e.data.stationId, e.type === 'ContentFeedbackGiven' ? e.data.entryId : '']);
          scoreKey(e.data.actor, e.data.stationId);
          break;
        case 'QuestionRevised':
          questionKeys.push([e.data.questionId]);
          break;
        case 'StationRevised':
          stationKeys.push([e.data.stationId]);
          break;
        default:
          break;
      }
    }
    await answers.load(trx, schema, answerKeys);
    for (const k of answerKeys) {
      const stored = answers.current(k);
      if (stored?.station_id) scoreKey(stored.user_id, stored.station_id);
    }
    await scores.load(trx, schema, [...scoreKeys.values()]);
    await completions.load(trx, schema, completionKeys);
    await ratings.load(trx, schema, ratingKeys);
    await questionMax.load(trx, schema, questionKeys);
    await stationMax.load(trx, schema, stationKeys);

    /** Adds the deltas of one event to the learner's rows (one version per row and event). */
    const addAll = (userId: string, deltas: Map<string, Delta>, at: bigint, time: string) => {
      for (const [stationId, d] of deltas) {
        scores.change([userId, stationId], at, (cur) => {
          const row = cur ?? EMPTY(userId, stationId, time);
          return {
            ...row,
            questions_score: row.questions_score + d.questions,
            videos_score: row.videos_score + d.videos,
            videos_answers_score: row.videos_answers_score + d.videosAnswers,
            completed_entries: row.completed_entries + d.completed,
            answers: row.answers + d.answers,
            usability_score: row.usability_score + d.usability,
            usability_ratings: row.usability_ratings + d.ratings,
            last_activity_at: time,
          };
        });
      }
    };
    const deltaIn = (deltas: Map<string, Delta>, stationId: string): Delta => {
      let d = deltas.get(stationId);
      if (!d) deltas.set(stationId, (d = zero()));
      return d;
    };

    for (const e of batch) {
      const at = e.checkpoint.position;
      switch (e.type) {
        case 'AnswerSubmitted': {
          const a = e.data;
          const bucket = bucketOf(a);
          if (isGuest(a.actor) || bucket === null) break;
          const before = answers.current([a.actor, a.questionId]);
          let folded = false;
          answers.change([a.actor, a.questionId], at, () => {
            folded = true;
            return { user_id: a.actor, question_id: a.questionId, station_id: a.stationId ?? '', bucket: bucket === 'none' ? 'questions' : bucket, points: bucket === 'none' ? 0 : a.points };
          });
          if (!folded) break;
          const deltas = new Map<string, Delta>();
          // a retry replaces the previous answer's points (scoring: only the current answer counts)
          if (before && before.station_id) {
            const d = deltaIn(deltas, before.station_id);
            if (before.bucket === 'videos_answers') d.videosAnswers -= before.points;
            else d.questions -= before.points;
            d.answers -= 1;
          }
          if (bucket !== 'none' && a.stationId) {
            const d = deltaIn(deltas, a.stationId);
            if (bucket === 'videos_answers') d.videosAnswers += a.points;
            else d.questions += a.points;
            d.answers += 1;
          }
          addAll(a.actor, deltas, at, iso(a.answeredAt));
          break;
        }
        case 'MediaCompleted': {
          const c = e.data;
          if (isGuest(c.actor)) break;
          // only the first completion of an entry scores (30 points, scoring's POINTS_PER_COMPLETED_ENTRY)
          if (completions.current([c.actor, c.entryId])) break;
          let folded = false;
          completions.change([c.actor, c.entryId], at, () => {
            folded = true;
            return { user_id: c.actor, entry_id: c.entryId, station_id: c.stationId };
          });
          if (!folded) break;
          addAll(c.actor, new Map([[c.stationId, { ...zero(), videos: POINTS_PER_COMPLETED_ENTRY, completed: 1 }]]), at, iso(c.completedAt));
          break;
        }
        case 'ContentFeedbackGiven':
        case 'StationFeedbackGiven': {
          const r = e.data;
          if (isGuest(r.actor)) break;
          const key = [r.actor, r.stationId, e.type === 'ContentFeedbackGiven' ? e.data.entryId : ''];
          const before = ratings.current(key);
          let folded = false;
          ratings.change(key, at, () => {
            folded = true;
            return { user_id: r.actor, station_id: r.stationId, item: key[2]!, score: r.score };
          });
          if (!folded) break;
          // a new rating of the same item replaces the previous one
          addAll(r.actor, new Map([[r.stationId, { ...zero(), usability: r.score - (before?.score ?? 0), ratings: before ? 0 : 1 }]]), at, iso(r.givenAt));
          break;
        }
        case 'QuestionRevised': {
          const q = e.data.question;
          const best = Math.max(0, ...q.options.map((o) => o.score));
          questionMax.change([q.questionId], at, () => ({ question_id: q.questionId, max_points: q.hasScore && !q.ignoreScore ? best : 0, follow_up_id: q.postAnswerQuestionId ?? null }));
          break;
        }
        case 'StationRevised': {
          const s = e.data.station;
          const own = s.questions && !s.questions.inactive ? s.questions.questionIds : [];
          const ids = [...new Set([...own, ...s.entries.flatMap((en) => en.questionsIds)])];
          stationMax.change([s.stationId], at, () => ({ station_id: s.stationId, question_ids: ids }));
          break;
        }
        default:
          break;
      }
    }
    await scores.write(trx, schema);
    await answers.write(trx, schema);
    await completions.write(trx, schema);
    await ratings.write(trx, schema);
    await questionMax.write(trx, schema);
    await stationMax.write(trx, schema);
  },
});
