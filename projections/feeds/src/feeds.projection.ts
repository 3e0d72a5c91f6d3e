import { sql, type RawBuilder } from 'kysely';
import { isoUtc } from '@portal/database';
import type { ParsedEvent } from '@portal/eventstore';
import { defineProjection } from '@portal/projections-runtime';
import { progressEvents, type ProgressEvent } from '@portal/learning/contracts';
import { migrateFeeds, type FeedsDB } from './schema.js';

/**
 * Read model behind /home and /feed/:playlist (000 §4.12): per learner, one row per entry they
 * touched with the fields the playlists sort on, and the last visit of each station. One
 * indexed range read per learner serves every playlist; the catalogue side (titles, areas,
 * media update times) comes from the catalogue read model.
 */
const HANDLED = [
  'StationVisited',
  'ContentViewed',
  'MediaStarted',
  'MediaProgressed',
  'MediaCompleted',
  'BookmarkAdded',
  'BookmarkRemoved',
  'ContentFeedbackGiven',
  'ScormStateSaved',
] as const satisfies ProgressEvent['type'][];

export const feedsProjection = defineProjection<FeedsDB, ParsedEvent<ProgressEvent>>({
  name: 'feeds',
  version: 1,
  events: progressEvents,
  eventTypes: HANDLED,
  migrate: migrateFeeds,
  /** One read of the touched rows and one write of the changed ones per batch (see the progress projection). */
  async apply(trx, schema, list) {
    const t = trx.withSchema(schema);
    const items = new Map<string, ItemRow>();
    const visits = new Map<string, { actor: string; station_id: string; last_visit_at: string }>();
    const keys = new Map<string, [string, string]>();
    for (const e of list) {
      if (e.type !== 'StationVisited' && 'entryId' in e.data) keys.set(key(e.data.actor, e.data.entryId), [e.data.actor, e.data.entryId]);
    }
    for (const chunk of chunks([...keys.values()])) {
      const rows = await t
        .selectFrom('feed_items')
        .select(['actor', 'entry_id', 'station_id', 'feedback_score', 'completed_count', 'views_count', 'seconds', 'duration', 'percent', ...TIMES.map(isoColumn)])
        .where((eb) => eb(eb.refTuple('actor', 'entry_id'), 'in', chunk.map(([a, e]) => eb.tuple(a, e))))
        .execute();
      for (const r of rows) {
        items.set(key(r.actor, r.entry_id), {
          ...r,
          feedback_score: r.feedback_score === null ? null : Number(r.feedback_score),
          completed_count: Number(r.completed_count),
          views_count: Number(r.views_count),
          seconds: Number(r.seconds),
          duration: Number(r.duration),
          percent: Number(r.percent),
        });
      }
    }
    const dirty = new Set<string>();
    const item = (actor: string, stationId: string, entryId: string): ItemRow => {
      const k = key(actor, entryId);
      let row = items.get(k);
      if (!row) {
        row = { actor, entry_id: entryId, station_id: stationId, last_play_at: null, last_view_at: null, bookmark_at: null, feedback_score: null, feedback_at: null, completed_count: 0, completed_at: null, views_count: 0, seconds: 0, duration: 0, percent: 0, updated_at: null };
        items.set(k, row);
      }
      row.station_id = stationId;
      dirty.add(k);
      return row;
    };
    for (const event of list) {
      switch (event.type) {
        case 'StationVisited':
          visits.set(key(event.data.actor, event.data.stationId), { actor: event.data.actor, station_id: event.data.stationId, last_visit_at: event.data.visitedAt });
          break;
        case 'ContentViewed': {
          const d = event.data;
          const r = item(d.actor, d.stationId, d.entryId);
          r.views_count += 1;
          r.last_view_at = d.viewedAt;
          r.updated_at = d.viewedAt;
          break;
        }
        case 'MediaStarted': {
          const d = event.data;
          const r = item(d.actor, d.stationId, d.entryId);
          r.seconds = d.seconds;
          r.percent = percentOf(d.seconds, d.duration);
          if (d.duration > 0 || r.duration === 0) r.duration = d.duration;
          r.last_play_at = d.startedAt;
          r.updated_at = d.startedAt;
          break;
        }
        case 'MediaProgressed': {
          const d = event.data;
          const r = item(d.actor, d.stationId, d.entryId);
          r.seconds = d.seconds;
          r.duration = d.duration;
          r.percent = d.percent;
          r.last_play_at = d.at;
          r.updated_at = d.at;
          break;
        }
        case 'MediaCompleted': {
          const d = event.data;
          const r = item(d.actor, d.stationId, d.entryId);
          r.completed_count += 1;
          r.completed_at ??= d.completedAt;
          r.percent = 1;
          if (d.duration > 0) {
            r.duration = d.duration;
            r.seconds = d.duration;
          }
          r.last_play_at = d.completedAt;
          r.updated_at = d.completedAt;
          break;
        }
        case 'BookmarkAdded':
          item(event.data.actor, event.data.stationId, event.data.entryId).bookmark_at = event.data.bookmarkAt;
          break;
        case 'BookmarkRemoved':
          if (items.has(key(event.data.actor, event.data.entryId))) item(event.data.actor, event.data.stationId, event.data.entryId).bookmark_at = null;
          break;
        case 'ContentFeedbackGiven': {
          const r = item(event.data.actor, event.data.stationId, event.data.entryId);
          r.feedback_score = event.data.score;
          r.feedback_at = event.data.givenAt;
          r.updated_at = event.data.givenAt;
          break;
        }
        case 'ScormStateSaved': {
          const r = item(event.data.actor, event.data.stationId, event.data.entryId);
          r.last_play_at = event.data.savedAt;
          r.updated_at = event.data.savedAt;
          break;
        }
        default:
          // other progress events do not change a playlist
          break;
      }
    }
    for (const chunk of chunks([...dirty].map((k) => items.get(k)!))) {
      await t
        .insertInto('feed_items')
        .values(chunk)
        .onConflict((oc) => oc.columns(['actor', 'entry_id']).doUpdateSet(fromExcluded(ITEM_UPDATED)))
        .execute();
    }
    for (const chunk of chunks([...visits.values()])) {
      await t
        .insertInto('feed_stations')
        .values(chunk)
        .onConflict((oc) => oc.columns(['actor', 'station_id']).doUpdateSet((eb) => ({ last_visit_at: eb.ref('excluded.last_visit_at') })))
        .execute();
    }
  },
});

interface ItemRow {
  actor: string;
  entry_id: string;
  station_id: string;
  last_play_at: string | null;
  last_view_at: string | null;
  bookmark_at: string | null;
  feedback_score: number | null;
  feedback_at: string | null;
  completed_count: number;
  completed_at: string | null;
  views_count: number;
  seconds: number;
  duration: number;
  percent: number;
  updated_at: string | null;
}

const TIMES = ['last_play_at', 'last_view_at', 'bookmark_at', 'feedback_at', 'completed_at', 'updated_at'] as const;
const ITEM_UPDATED = ['station_id', 'feedback_score', 'completed_count', 'views_count', 'seconds', 'duration', 'percent', ...TIMES] as const;
const isoColumn = <C extends string>(column: C) => isoUtc(column).as(column);
/** An upsert's update: each listed column takes the inserted row's value. */
const fromExcluded = <C extends string>(columns: readonly C[]) => Object.fromEntries(columns.map((c) => [c, sql.ref<never>(`excluded.${c}`)])) as Record<C, RawBuilder<never>>;
const key = (a: string, b: string) => `${a}\u0000${b}`;
const CHUNK = 500;
function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}
const percentOf = (seconds: number, duration: number) => (duration <= 0 ? 0 : Math.floor(seconds) >= Math.floor(duration) ? 1 : Math.min(1, Math.max(0, seconds / duration)));
