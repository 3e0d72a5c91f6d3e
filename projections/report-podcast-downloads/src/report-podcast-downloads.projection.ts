import { defineProjection } from '@portal/projections-runtime';
import { combineEvents } from '@portal/eventstore/event-schemas';
import { identityEvents } from '@portal/identity/contracts';
import { catalogueEvents, progressEvents } from '@portal/learning/contracts';
import { appendFacts, DIMENSION_EVENT_TYPES, foldDimensions, LEARNER_PERSONAL_DATA } from '@portal/projection-report-kit';
import { migrateReportPodcastDownloads, podcastDownloadsTable } from './schema.js';

const events = combineEvents(identityEvents, catalogueEvents, progressEvents);

/**
 * The podcast downloads report (001 §2 ctb-cast-dowload-status, ADR 0070): every
 * PodcastEpisodeDownloaded of a learner as a fact valid from its log position (keyed by the
 * event's id, so the same event twice is one row), the episode's title from the kit's catalogue
 * dimension. Guests' downloads are skipped. Rebuild:
 * `npm run portal -- projections rebuild report-podcast-downloads`.
 */
export const reportPodcastDownloadsProjection = defineProjection({
  name: 'report-podcast-downloads',
  version: 1,
  personalData: LEARNER_PERSONAL_DATA,
  events,
  eventTypes: [...DIMENSION_EVENT_TYPES, 'PodcastEpisodeDownloaded'],
  migrate: migrateReportPodcastDownloads,
  // reports' indexes serve the pages; folding finds rows by primary key (TemporalBatch)
  readIndexesAfterCopy: true,
  async apply(trx, schema, batch) {
    await foldDimensions(trx, schema, batch);
    const downloads = batch.flatMap((e) =>
      e.type === 'PodcastEpisodeDownloaded' && !e.data.actor.startsWith('guest:')
        ? [
            {
              position: e.checkpoint.position,
              row: { download_id: e.metadata.eventId, user_id: e.data.actor, station_id: e.data.stationId, entry_id: e.data.entryId, lang: e.data.lang, downloaded_at: e.data.downloadedAt },
            },
          ]
        : [],
    );
    await appendFacts(trx, schema, podcastDownloadsTable, downloads);
  },
});
