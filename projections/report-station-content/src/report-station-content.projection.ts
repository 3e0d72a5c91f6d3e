import { defineProjection } from '@portal/projections-runtime';
import { combineEvents } from '@portal/eventstore/event-schemas';
import { identityEvents } from '@portal/identity/contracts';
import { catalogueEvents, progressEvents } from '@portal/learning/contracts';
import { DIMENSION_EVENT_TYPES, foldDimensions, TemporalBatch, LEARNER_PERSONAL_DATA } from '@portal/projection-report-kit';
import { contentUseTable, migrateReportStationContent, type ContentUseRow } from './schema.js';
import { isoOrNull } from '@portal/kernel';

const events = combineEvents(identityEvents, catalogueEvents, progressEvents);
const isGuest = (actor: string) => actor.startsWith('guest:');
/** A stored timestamp (a Date when loaded from the table, an ISO string when folded in this batch) as ISO text. */
const later = (a: string | Date | null, b: string): string => {
  const x = isoOrNull(a);
  return x !== null && x > isoOrNull(b)! ? x : isoOrNull(b)!;
};
const earlier = (a: string | Date | null, b: string): string => {
  const x = isoOrNull(a);
  return x !== null && x < isoOrNull(b)! ? x : isoOrNull(b)!;
};

/**
 * The station content report (001 §2 stations-content-report, ADR 0070): per learner and entry,
 * views (ContentViewed), the entry's type, first and last view, plays (MediaStarted: one per
 * play session) and completions (MediaCompleted), beside the kit's dimensions. Guests are not
 * learners of a company: their events are skipped. Rebuild:
 * `npm run portal -- projections rebuild report-station-content`.
 */
export const reportStationContentProjection = defineProjection({
  name: 'report-station-content',
  version: 1,
  personalData: LEARNER_PERSONAL_DATA,
  events,
  eventTypes: [...DIMENSION_EVENT_TYPES, 'ContentViewed', 'MediaStarted', 'MediaCompleted'],
  migrate: migrateReportStationContent,
  // reports' indexes serve the pages; folding finds rows by primary key (TemporalBatch)
  readIndexesAfterCopy: true,
  async apply(trx, schema, batch) {
    await foldDimensions(trx, schema, batch);
    const uses = batch.flatMap((e) => ((e.type === 'ContentViewed' || e.type === 'MediaStarted' || e.type === 'MediaCompleted') && !isGuest(e.data.actor) ? [e] : []));
    if (uses.length === 0) return;
    const rows = new TemporalBatch(contentUseTable);
    await rows.load(trx, schema, uses.map((e) => [e.data.actor, e.data.entryId]));
    for (const e of uses) {
      const d = e.data;
      rows.change([d.actor, d.entryId], e.checkpoint.position, (current): ContentUseRow => {
        const row: Omit<ContentUseRow, 'last_activity_at'> & { last_activity_at: string | null } = current ?? {
          user_id: d.actor,
          entry_id: d.entryId,
          station_id: d.stationId,
          entry_type: d.entryType,
          views: 0,
          first_viewed_at: null,
          last_viewed_at: null,
          plays: 0,
          completions: 0,
          last_activity_at: null,
        };
        const base = { ...row, station_id: d.stationId, entry_type: d.entryType };
        switch (e.type) {
          case 'ContentViewed':
            return { ...base, views: row.views + 1, first_viewed_at: earlier(row.first_viewed_at, e.data.viewedAt), last_viewed_at: later(row.last_viewed_at, e.data.viewedAt), last_activity_at: later(row.last_activity_at, e.data.viewedAt) };
          case 'MediaStarted':
            return { ...base, plays: row.plays + 1, last_activity_at: later(row.last_activity_at, e.data.startedAt) };
          case 'MediaCompleted':
            return { ...base, completions: row.completions + 1, last_activity_at: later(row.last_activity_at, e.data.completedAt) };
        }
      });
    }
    await rows.write(trx, schema);
  },
});
