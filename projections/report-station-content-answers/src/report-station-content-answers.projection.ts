import { defineProjection } from '@portal/projections-runtime';
import { combineEvents } from '@portal/eventstore/event-schemas';
import { assessmentEvents } from '@portal/assessment/contracts';
import { identityEvents } from '@portal/identity/contracts';
import { catalogueEvents } from '@portal/learning/contracts';
import { DIMENSION_EVENT_TYPES, foldDimensions, TemporalBatch, LEARNER_PERSONAL_DATA } from '@portal/projection-report-kit';
import { mediaAnswersTable, migrateReportStationContentAnswers } from './schema.js';

const events = combineEvents(identityEvents, catalogueEvents, assessmentEvents);

/**
 * The station content answers report (001 §2 stations-content-answers-report, ADR 0070): per
 * learner, entry and media question, the current answer, its judgement, how many attempts and
 * when first and last answered; a retry makes a new version of the row (so "as of" shows the
 * answer of then). Rebuild: `npm run portal -- projections rebuild report-station-content-answers`.
 */
export const reportStationContentAnswersProjection = defineProjection({
  name: 'report-station-content-answers',
  version: 1,
  personalData: LEARNER_PERSONAL_DATA,
  events,
  eventTypes: [...DIMENSION_EVENT_TYPES, 'AnswerSubmitted'],
  migrate: migrateReportStationContentAnswers,
  // reports' indexes serve the pages; folding finds rows by primary key (TemporalBatch)
  readIndexesAfterCopy: true,
  async apply(trx, schema, batch) {
    await foldDimensions(trx, schema, batch);
    const answers = batch.flatMap((e) => (e.type === 'AnswerSubmitted' && e.data.entryId !== null ? [{ ...e.data, entryId: e.data.entryId, position: e.checkpoint.position }] : []));
    if (answers.length === 0) return;
    const rows = new TemporalBatch(mediaAnswersTable);
    await rows.load(trx, schema, answers.map((a) => [a.actor, a.entryId, a.questionId]));
    for (const a of answers) {
      rows.change([a.actor, a.entryId, a.questionId], a.position, (current) => ({
        user_id: a.actor,
        entry_id: a.entryId,
        question_id: a.questionId,
        station_id: a.stationId,
        answer_id: a.answerId,
        is_correct: a.isCorrect,
        score: a.score,
        attempts: (current?.attempts ?? 0) + 1,
        first_answered_at: current?.first_answered_at ?? a.answeredAt,
        last_answered_at: a.answeredAt,
      }));
    }
    await rows.write(trx, schema);
  },
});
