import { sql } from 'kysely';
import type { PodcastDownloadsReportRow } from '@portal/reporting/contracts';
import { companyName, learnerName, titleJoin, titleText, type ReportQuerySpec } from '@portal/projection-report-kit';
import { podcastDownloadsTable } from './schema.js';

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** The podcast downloads report's query (ADR 0070): one row per download, the episode's title in the reader's locale as it stood at the position read. */
export const podcastDownloadsReportQuery: ReportQuerySpec<PodcastDownloadsReportRow> = {
  fact: podcastDownloadsTable.name,
  userColumn: 'user_id',
  dateColumn: sql`f.downloaded_at`,
  stationColumn: sql`f.station_id`,
  joins: (ctx) => sql`${titleJoin(ctx, 'st', 'station', sql`f.station_id`)}
    ${titleJoin(ctx, 'en', 'entry', sql`f.entry_id`)}`,
  select: (ctx) => sql`f.download_id as "downloadId", f.user_id as "userId", ${learnerName} as learner, l.email, ${companyName} as company,
    ${titleText(ctx, 'st', sql`f.station_id`)} as station, f.entry_id as "entryId", ${titleText(ctx, 'en', sql`f.entry_id`)} as episode,
    f.lang as language, f.downloaded_at as "downloadedAt"`,
  sortable: (ctx) => ({
    learner: learnerName,
    email: sql`l.email`,
    company: companyName,
    station: titleText(ctx, 'st', sql`f.station_id`),
    episode: titleText(ctx, 'en', sql`f.entry_id`),
    language: sql`f.lang`,
    downloadedAt: sql`f.downloaded_at`,
  }),
  tiebreak: sql`f.download_id`,
  toRow: (r) => ({
    downloadId: String(r.downloadId),
    userId: String(r.userId),
    learner: String(r.learner),
    email: (r.email as string | null) ?? null,
    company: (r.company as string | null) ?? null,
    station: (r.station as string | null) ?? null,
    entryId: String(r.entryId),
    episode: String(r.episode),
    language: String(r.language),
    downloadedAt: iso(r.downloadedAt),
  }),
};
