import type { Kysely } from 'kysely';
import { createTemporalTable, migrateDimensions, type TemporalTable } from '@portal/projection-report-kit';

/** One download of a podcast episode (PodcastEpisodeDownloaded): a fact, never superseded; keyed by the event's id. */
export interface PodcastDownloadRow {
  download_id: string;
  user_id: string;
  station_id: string;
  entry_id: string;
  lang: string;
  downloaded_at: string;
}

export const podcastDownloadsTable: TemporalTable<PodcastDownloadRow> = {
  facts: true,
  name: 'podcast_downloads',
  key: ['download_id'],
  columns: { download_id: 'text', user_id: 'text', station_id: 'text', entry_id: 'text', lang: 'text', downloaded_at: 'timestamptz' },
};

/** The report's tables in its own schema: the kit's dimensions and the downloads, indexed for a company's first page and the date filter. */
export async function migrateReportPodcastDownloads(db: Kysely<any>, schema: string): Promise<void> {
  await migrateDimensions(db, schema);
  await createTemporalTable(db, schema, podcastDownloadsTable);
  const s = db.schema.withSchema(schema);
  await s.createIndex('podcast_downloads_user_time').on('podcast_downloads').columns(['user_id', 'downloaded_at']).execute();
  await s.createIndex('podcast_downloads_time').on('podcast_downloads').columns(['downloaded_at', 'download_id']).execute();
}
