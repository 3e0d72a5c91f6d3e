import { defineProjection } from '@portal/projections-runtime';
import { combineEvents } from '@portal/eventstore/event-schemas';
import { assessmentEvents } from '@portal/assessment/contracts';
import { identityEvents } from '@portal/identity/contracts';
import { catalogueEvents } from '@portal/learning/contracts';
import { appendFacts, DIMENSION_EVENT_TYPES, foldDimensions, LEARNER_PERSONAL_DATA } from '@portal/projection-report-kit';
import { answerFactsTable, migrateReportAnswers } from './schema.js';

const events = combineEvents(identityEvents, catalogueEvents, assessmentEvents);

/**
 * The answers report (001 §2 answers-report, ADR 0070): every AnswerSubmitted as a fact valid from
 * its log position, beside the kit's learner, company and catalogue dimensions. Rebuild:
 * `npm run portal -- projections rebuild report-answers`.
 */
export const reportAnswersProjection = defineProjection({
  name: 'report-answers',
  version: 1,
  personalData: LEARNER_PERSONAL_DATA,
  events,
  eventTypes: [...DIMENSION_EVENT_TYPES, 'AnswerSubmitted'],
  migrate: migrateReportAnswers,
  // reports' indexes serve the pages; folding finds rows by primary key (TemporalBatch)
  readIndexesAfterCopy: true,
  async apply(trx, schema, batch) {
    await foldDimensions(trx, schema, batch);
    const answers = batch.flatMap((e) =>
      e.type === 'AnswerSubmitted'
        ? [
            {
              position: e.checkpoint.position,
              row: {
                row_id: e.data.rowId,
                user_id: e.data.actor,
                question_id: e.data.questionId,
                answer_id: e.data.answerId,
                station_id: e.data.stationId,
                entry_id: e.data.entryId,
                is_correct: e.data.isCorrect,
                score: e.data.score,
                seconds_to_answer: e.data.secondsToAnswer,
                context: e.data.context,
                attempt: e.data.attempt,
                answered_at: e.data.answeredAt,
              },
            },
          ]
        : [],
    );
    await appendFacts(trx, schema, answerFactsTable, answers);
  },
});
