import { sql } from 'kysely';
import type { StationsReportRow } from '@portal/reporting/contracts';
import { companyName, learnerName, titleJoin, titleText, type ReportQuerySpec } from '@portal/projection-report-kit';
import { stationVisitsTable } from './schema.js';

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** The stations report's query (ADR 0070): one row per learner and station, the station's title in the reader's locale. */
export const stationsReportQuery: ReportQuerySpec<StationsReportRow> = {
  fact: stationVisitsTable.name,
  userColumn: 'user_id',
  dateColumn: sql`f.last_viewed_at`,
  stationColumn: sql`f.station_id`,
  joins: (ctx) => titleJoin(ctx, 'st', 'station', sql`f.station_id`),
  select: (ctx) => sql`f.user_id as "userId", ${learnerName} as learner, l.email, ${companyName} as company,
    f.station_id as "stationId", ${titleText(ctx, 'st', sql`f.station_id`)} as station, f.views, f.last_view_type as "lastViewType",
    f.first_viewed_at as "firstViewedAt", f.last_viewed_at as "lastViewedAt"`,
  sortable: (ctx) => ({
    learner: learnerName,
    email: sql`l.email`,
    company: companyName,
    station: titleText(ctx, 'st', sql`f.station_id`),
    views: sql`f.views`,
    lastViewType: sql`f.last_view_type`,
    firstViewedAt: sql`f.first_viewed_at`,
    lastViewedAt: sql`f.last_viewed_at`,
  }),
  tiebreak: sql`f.user_id, f.station_id`,
  toRow: (r) => ({
    userId: String(r.userId),
    learner: String(r.learner),
    email: (r.email as string | null) ?? null,
    company: (r.company as string | null) ?? null,
    stationId: String(r.stationId),
    station: String(r.station),
    views: Number(r.views),
    lastViewType: String(r.lastViewType),
    firstViewedAt: iso(r.firstViewedAt),
    lastViewedAt: iso(r.lastViewedAt),
  }),
};
