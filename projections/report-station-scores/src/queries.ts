import { sql } from 'kysely';
import { REPORTS } from '@portal/reporting/contracts/reports';
import { companyName, learnerName, reportQuery, titleJoin, titleText, validAt, type ReportSqlContext } from '@portal/projection-report-kit';
import { questionMaxTable, stationMaxTable, stationScoresTable } from './schema.js';

/**
 * The most points the station's questions give, as the catalogue stood at the position: for each
 * question the station asks (its questions config, its entries' questions) its best option when
 * it has a score and does not ignore it, plus its follow-up's best (ADR 0070).
 */
const maxJoin = (ctx: ReportSqlContext) => sql`left join lateral (
    select coalesce(sum(qm.max_points + coalesce(fu.max_points, 0)), 0) as answer_max
    from ${ctx.table(stationMaxTable.name)} sm
    cross join unnest(sm.question_ids) as qid(id)
    join ${ctx.table(questionMaxTable.name)} qm on qm.question_id = qid.id and ${validAt('qm', ctx.at)}
    left join ${ctx.table(questionMaxTable.name)} fu on fu.question_id = qm.follow_up_id and ${validAt('fu', ctx.at)}
    where sm.station_id = f.station_id and ${validAt('sm', ctx.at)}
  ) mx on true`;

const answerScore = sql`(f.questions_score + f.videos_answers_score)`;
const answerMax = sql`coalesce(mx.answer_max, 0)`;
const answerPercent = sql`case when ${answerMax} > 0 then round((${answerScore} * 100 / ${answerMax})::numeric, 1) end`;
const usabilityMax = sql`(5 * f.usability_ratings)`;
const usabilityPercent = sql`case when f.usability_ratings > 0 then round((f.usability_score * 100 / ${usabilityMax})::numeric, 1) end`;
const total = sql`(f.questions_score + f.videos_score + f.videos_answers_score)`;
const others = sql`(f.videos_score + f.videos_answers_score)`;

/** The station scores report's SQL (ADR 0070): one row per learner and station, the learner as they stood, the station's title in the reader's locale. */
export const stationScoresReportQuery = reportQuery(REPORTS['station-scores'], {
  projection: 'report-station-scores',
  fact: stationScoresTable.name,
  userColumn: 'user_id',
  dateColumn: sql`f.last_activity_at`,
  stationColumn: sql`f.station_id`,
  joins: (ctx) => sql`${titleJoin(ctx, 'st', 'station', sql`f.station_id`)} ${maxJoin(ctx)}`,
  fields: (ctx) => ({
    userId: sql`f.user_id`,
    learner: learnerName(ctx),
    email: sql`l.email`,
    company: companyName,
    stationId: sql`f.station_id`,
    station: titleText(ctx, 'st', sql`f.station_id`),
    answerScore,
    answerMax,
    answerPercent,
    usabilityScore: sql`f.usability_score`,
    usabilityMax,
    usabilityPercent,
    npsScore: sql`0`,
    questionsScore: sql`f.questions_score`,
    videosScore: sql`f.videos_score`,
    videosAnswersScore: sql`f.videos_answers_score`,
    othersScore: others,
    total,
    completedEntries: sql`f.completed_entries`,
    lastActivityAt: sql`f.last_activity_at`,
  }),
  tiebreak: sql`f.user_id, f.station_id`,
});
