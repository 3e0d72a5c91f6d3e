import { sql, type Kysely } from 'kysely';
import { isoUtc, jsonValue } from '@portal/database';
import type { FeedsDB } from './schema.js';

export interface FeedRow {
  entryId: string;
  stationId: string;
  lastPlayAt: string | null;
  lastViewAt: string | null;
  bookmarkAt: string | null;
  feedbackScore: number | null;
  feedbackAt: string | null;
  completedCount: number;
  completedAt: string | null;
  viewsCount: number;
  seconds: number;
  duration: number;
  percent: number;
  updatedAt: string | null;
}

export interface LearnerFeed {
  items: FeedRow[];
  /** station id -> last visit */
  visits: Record<string, string>;
}

type FeedTuple = [string, string, string | null, string | null, string | null, number | null, string | null, number, string | null, number, number, number, number, string | null];

/**
 * One learner's feed rows and station visits: two indexed range reads in one statement and one
 * round trip, each aggregated by Postgres into one JSON array of arrays (a /home reads about as
 * many rows as the learner has touched entries; one JSON value parses far faster than hundreds
 * of rows of fourteen columns).
 */
export async function loadLearnerFeed(reader: Kysely<FeedsDB>, actor: string): Promise<LearnerFeed> {
  const row = await reader
    .selectNoFrom((eb) => [
      eb
        .selectFrom('feed_items')
        .select(
          sql<FeedTuple[] | null>`json_agg(json_build_array(entry_id, station_id, ${isoUtc('last_play_at')}, ${isoUtc('last_view_at')}, ${isoUtc('bookmark_at')},
            feedback_score, ${isoUtc('feedback_at')}, completed_count, ${isoUtc('completed_at')}, views_count, seconds, duration, percent, ${isoUtc('updated_at')}))`.as('j'),
        )
        .where('actor', '=', actor)
        .as('items'),
      eb
        .selectFrom('feed_stations')
        .select(sql<Array<[string, string]> | null>`json_agg(json_build_array(station_id, ${isoUtc('last_visit_at')}))`.as('j'))
        .where('actor', '=', actor)
        .as('visits'),
    ])
    .executeTakeFirstOrThrow();
  const items = jsonValue<FeedTuple[] | null>(row.items) ?? [];
  const visits = jsonValue<Array<[string, string]> | null>(row.visits) ?? [];
  return {
    items: items.map((r) => ({
      entryId: r[0],
      stationId: r[1],
      lastPlayAt: r[2],
      lastViewAt: r[3],
      bookmarkAt: r[4],
      feedbackScore: r[5],
      feedbackAt: r[6],
      completedCount: r[7],
      completedAt: r[8],
      viewsCount: r[9],
      seconds: r[10],
      duration: r[11],
      percent: r[12],
      updatedAt: r[13],
    })),
    visits: Object.fromEntries(visits),
  };
}
