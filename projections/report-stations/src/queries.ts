import { sql } from 'kysely';
import { REPORTS } from '@portal/reporting/contracts/reports';
import { companyName, learnerName, reportQuery, titleJoin, titleText } from '@portal/projection-report-kit';
import { stationVisitsTable } from './schema.js';

/** The stations report's SQL (ADR 0070): one row per learner and station, the station's title in the reader's locale. */
export const stationsReportQuery = reportQuery(REPORTS.stations, {
  projection: 'report-stations',
  fact: stationVisitsTable.name,
  userColumn: 'user_id',
  dateColumn: sql`f.last_viewed_at`,
  stationColumn: sql`f.station_id`,
  joins: (ctx) => titleJoin(ctx, 'st', 'station', sql`f.station_id`),
  fields: (ctx) => ({
    userId: sql`f.user_id`,
    learner: learnerName(ctx),
    email: sql`l.email`,
    company: companyName,
    stationId: sql`f.station_id`,
    station: titleText(ctx, 'st', sql`f.station_id`),
    views: sql`f.views`,
    lastViewType: sql`f.last_view_type`,
    firstViewedAt: sql`f.first_viewed_at`,
    lastViewedAt: sql`f.last_viewed_at`,
  }),
  tiebreak: sql`f.user_id, f.station_id`,
});
