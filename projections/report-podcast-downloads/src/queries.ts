import { sql } from 'kysely';
import { REPORTS } from '@portal/reporting/contracts/reports';
import { companyName, learnerName, reportQuery, titleJoin, titleText } from '@portal/projection-report-kit';
import { podcastDownloadsTable } from './schema.js';

/** The podcast downloads report's SQL (ADR 0070): one row per download, the episode's title in the reader's locale as it stood at the position read. */
export const podcastDownloadsReportQuery = reportQuery(REPORTS['podcast-downloads'], {
  projection: 'report-podcast-downloads',
  fact: podcastDownloadsTable.name,
  userColumn: 'user_id',
  dateColumn: sql`f.downloaded_at`,
  stationColumn: sql`f.station_id`,
  joins: (ctx) => sql`${titleJoin(ctx, 'st', 'station', sql`f.station_id`)}
    ${titleJoin(ctx, 'en', 'entry', sql`f.entry_id`)}`,
  fields: (ctx) => ({
    downloadId: sql`f.download_id`,
    userId: sql`f.user_id`,
    learner: learnerName(ctx),
    email: sql`l.email`,
    company: companyName,
    station: titleText(ctx, 'st', sql`f.station_id`),
    entryId: sql`f.entry_id`,
    episode: titleText(ctx, 'en', sql`f.entry_id`),
    language: sql`f.lang`,
    downloadedAt: sql`f.downloaded_at`,
  }),
  tiebreak: sql`f.download_id`,
});
