import { sql } from 'kysely';
import { REPORTS } from '@portal/reporting/contracts/reports';
import { companyName, learnerName, reportQuery, titleJoin, titleText } from '@portal/projection-report-kit';
import { contentUseTable } from './schema.js';

/** The station content report's SQL (ADR 0070): one row per learner and entry, the titles in the reader's locale. */
export const stationContentReportQuery = reportQuery(REPORTS['station-content'], {
  projection: 'report-station-content',
  fact: contentUseTable.name,
  userColumn: 'user_id',
  dateColumn: sql`f.last_activity_at`,
  stationColumn: sql`f.station_id`,
  joins: (ctx) => sql`${titleJoin(ctx, 'st', 'station', sql`f.station_id`)}
    ${titleJoin(ctx, 'en', 'entry', sql`f.entry_id`)}`,
  fields: (ctx) => ({
    userId: sql`f.user_id`,
    learner: learnerName(ctx),
    email: sql`l.email`,
    company: companyName,
    station: titleText(ctx, 'st', sql`f.station_id`),
    entryId: sql`f.entry_id`,
    entry: titleText(ctx, 'en', sql`f.entry_id`),
    viewType: sql`f.entry_type`,
    views: sql`f.views`,
    firstViewedAt: sql`f.first_viewed_at`,
    lastViewedAt: sql`f.last_viewed_at`,
    plays: sql`f.plays`,
    completions: sql`f.completions`,
    lastActivityAt: sql`f.last_activity_at`,
  }),
  tiebreak: sql`f.user_id, f.entry_id`,
});
