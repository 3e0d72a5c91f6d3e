import type { Kysely } from 'kysely';
import type { RecommendationsDB } from './schema.js';
import { jsonValue } from '@portal/database';
import { iso } from '@portal/kernel';

const parse = jsonValue;

export interface RecommendationRow {
  recommendationId: string;
  questionId: string;
  stationId: string | null;
  entryIds: string[];
  createdAt: string;
  visitedAt: string | null;
}

/** One learner's progress on a recommended entry: what learning's content status (`contentStatusOf`, 000 §4.1) reads. */
export interface EntryStateRow {
  viewsCount: number;
  seconds: number;
  duration: number;
  percent: number;
  completedCount: number;
}

export async function recommendationsOf(reader: Kysely<RecommendationsDB>, actor: string): Promise<RecommendationRow[]> {
  const rows = await reader.selectFrom('recommendations').selectAll().where('actor', '=', actor).orderBy('position').execute();
  return rows.map((r) => ({
    recommendationId: r.recommendation_id,
    questionId: r.question_id,
    stationId: r.station_id ?? null,
    entryIds: parse<string[]>(r.entry_ids),
    createdAt: iso(r.created_at),
    visitedAt: r.visited_at ? iso(r.visited_at) : null,
  }));
}

export async function entryStates(reader: Kysely<RecommendationsDB>, actor: string, entryIds: string[]): Promise<Map<string, EntryStateRow>> {
  if (entryIds.length === 0) return new Map();
  const rows = await reader.selectFrom('entry_states').selectAll().where('actor', '=', actor).where('entry_id', 'in', [...new Set(entryIds)]).execute();
  return new Map(
    rows.map((r) => [
      r.entry_id,
      { viewsCount: Number(r.views), seconds: Number(r.seconds ?? 0), duration: Number(r.duration ?? 0), percent: Number(r.percent ?? 0), completedCount: Number(r.completed_count) },
    ]),
  );
}
