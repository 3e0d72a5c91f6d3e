import type { Kysely, Selectable } from 'kysely';
import { POINTS_PER_COMPLETED_ENTRY, type ScoreDetail } from '@portal/scoring/contracts';
import { cropScope, stationScope, TOTAL_SCOPE } from './scores.projection.js';
import type { ScoresDB, ScoreTotalsTable } from './schema.js';

export interface ScoreRow {
  scope: string;
  questions: number;
  videos: number;
  videosAnswers: number;
  nps: number;
  extra: number;
  completedEntries: number;
  answers: number;
}

const toRow = (r: Selectable<ScoreTotalsTable>): ScoreRow => ({
  scope: r.scope,
  questions: Number(r.questions),
  videos: Number(r.videos),
  videosAnswers: Number(r.videos_answers),
  nps: Number(r.nps),
  extra: Number(r.extra),
  completedEntries: Number(r.completed_entries),
  answers: Number(r.answers),
});

/** Float sums of option scores: keep two decimals so 0.1 + 0.2 reads 0.3. */
const round = (n: number) => Math.round(n * 100) / 100;

/** 000 §3 score detail of one row (ADR 0044); a missing row is all zeros. */
export function scoreDetailOf(row: ScoreRow | undefined): ScoreDetail {
  if (!row) return { npsScore: 0, questionsScore: 0, videosScore: 0, videosAnswersScore: 0, othersScore: 0, total: 0, completedEntries: 0, answers: 0 };
  const total = row.questions + row.videos + row.videosAnswers + row.nps + row.extra;
  return {
    npsScore: round(row.nps),
    questionsScore: round(row.questions),
    videosScore: round(row.videos),
    videosAnswersScore: round(row.videosAnswers),
    othersScore: round(total - row.questions),
    total: round(total),
    completedEntries: row.completedEntries,
    answers: row.answers,
  };
}

/** Every score row of one learner (total, crops, stations). */
export async function scoreRows(reader: Kysely<ScoresDB>, actor: string): Promise<ScoreRow[]> {
  const rows = await reader.selectFrom('score_totals').selectAll().where('actor', '=', actor).execute();
  return rows.map(toRow);
}

export async function learnerScores(reader: Kysely<ScoresDB>, actor: string) {
  const rows = await scoreRows(reader, actor);
  const total = rows.find((r) => r.scope === TOTAL_SCOPE);
  const crops = rows.filter((r) => r.scope.startsWith('crop:')).map((r) => ({ cropId: r.scope.slice('crop:'.length), detail: scoreDetailOf(r) }));
  return { total: scoreDetailOf(total), crops };
}

export async function stationScores(reader: Kysely<ScoresDB>, actor: string, stationId: string, cropId: string) {
  const rows = await reader
    .selectFrom('score_totals')
    .selectAll()
    .where('actor', '=', actor)
    .where('scope', 'in', [TOTAL_SCOPE, cropScope(cropId), stationScope(stationId)])
    .execute();
  const by = new Map(rows.map((r) => [r.scope, toRow(r)]));
  return { station: scoreDetailOf(by.get(stationScope(stationId))), crop: scoreDetailOf(by.get(cropScope(cropId))), total: scoreDetailOf(by.get(TOTAL_SCOPE)) };
}

export { POINTS_PER_COMPLETED_ENTRY };
