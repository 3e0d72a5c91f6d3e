import { defineProjection } from '@portal/projections-runtime';
import { combineEvents } from '@portal/eventstore/event-schemas';
import { identityEvents } from '@portal/identity/contracts';
import { catalogueEvents, progressEvents } from '@portal/learning/contracts';
import { DIMENSION_EVENT_TYPES, foldDimensions, TemporalBatch, LEARNER_PERSONAL_DATA } from '@portal/projection-report-kit';
import { migrateReportStations, stationVisitsTable } from './schema.js';
import { iso } from '@portal/kernel';

const events = combineEvents(identityEvents, catalogueEvents, progressEvents);

/**
 * The stations report (001 §2 stations-report, ADR 0070): per learner and station, how many
 * visits (StationVisited, map or detail view), the last one's view type, first and last visit,
 * beside the kit's dimensions. Guests' visits are skipped. Rebuild:
 * `npm run portal -- projections rebuild report-stations`.
 */
export const reportStationsProjection = defineProjection({
  name: 'report-stations',
  version: 1,
  personalData: LEARNER_PERSONAL_DATA,
  events,
  eventTypes: [...DIMENSION_EVENT_TYPES, 'StationVisited'],
  migrate: migrateReportStations,
  // reports' indexes serve the pages; folding finds rows by primary key (TemporalBatch)
  readIndexesAfterCopy: true,
  async apply(trx, schema, batch) {
    await foldDimensions(trx, schema, batch);
    const visits = batch.flatMap((e) => (e.type === 'StationVisited' && !e.data.actor.startsWith('guest:') ? [{ ...e.data, position: e.checkpoint.position }] : []));
    if (visits.length === 0) return;
    const rows = new TemporalBatch(stationVisitsTable);
    await rows.load(trx, schema, visits.map((v) => [v.actor, v.stationId]));
    for (const v of visits) {
      rows.change([v.actor, v.stationId], v.position, (current) => {
        const at = iso(v.visitedAt);
        const first = current ? iso(current.first_viewed_at) : at;
        const last = current ? iso(current.last_viewed_at) : at;
        return {
          user_id: v.actor,
          station_id: v.stationId,
          views: (current?.views ?? 0) + 1,
          // a visit recorded late (an offline replay) does not make an older view type the last one
          last_view_type: !current || at >= last ? v.viewType : current.last_view_type,
          first_viewed_at: at < first ? at : first,
          last_viewed_at: at > last ? at : last,
        };
      });
    }
    await rows.write(trx, schema);
  },
});
