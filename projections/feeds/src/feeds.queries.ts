import { sql, type Kysely } from 'kysely';

/** The instant as the events wrote it (toISOString's shape), formatted by Postgres: no Date parsing per row. */
export const isoColumn = (column: string) => sql<string | null>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(column);
const TIMES = ['last_play_at', 'last_view_at', 'bookmark_at', 'feedback_at', 'completed_at', 'updated_at'] as const;
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

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

/** One learner's feed rows and station visits: two indexed range reads. */
export async function loadLearnerFeed(reader: Kysely<any>, actor: string): Promise<LearnerFeed> {
  const [items, visits] = await Promise.all([
    reader
      .selectFrom('feed_items')
      .select(['entry_id', 'station_id', 'feedback_score', 'completed_count', 'views_count', 'seconds', 'duration', 'percent', ...TIMES.map(isoColumn)])
      .where('actor', '=', actor)
      .execute(),
    reader.selectFrom('feed_stations').select(['station_id', isoColumn('last_visit_at')]).where('actor', '=', actor).execute(),
  ]);
  return {
    items: items.map((r) => ({
      entryId: String(r.entry_id),
      stationId: String(r.station_id),
      lastPlayAt: iso(r.last_play_at),
      lastViewAt: iso(r.last_view_at),
      bookmarkAt: iso(r.bookmark_at),
      feedbackScore: r.feedback_score === null ? null : Number(r.feedback_score),
      feedbackAt: iso(r.feedback_at),
      completedCount: Number(r.completed_count),
      completedAt: iso(r.completed_at),
      viewsCount: Number(r.views_count),
      seconds: Number(r.seconds),
      duration: Number(r.duration),
      percent: Number(r.percent),
      updatedAt: iso(r.updated_at),
    })),
    visits: Object.fromEntries(visits.map((v) => [String(v.station_id), iso(v.last_visit_at)!])),
  };
}
