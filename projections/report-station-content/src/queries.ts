import { sql } from 'kysely';
import type { StationContentReportRow } from '@portal/reporting/contracts';
import { companyName, learnerName, titleJoin, titleText, type ReportQuerySpec } from '@portal/projection-report-kit';
import { contentUseTable } from './schema.js';

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));

/** The station content report's query (ADR 0070): one row per learner and entry, the titles in the reader's locale. */
export const stationContentReportQuery: ReportQuerySpec<StationContentReportRow> = {
  fact: contentUseTable.name,
  userColumn: 'user_id',
  dateColumn: sql`f.last_activity_at`,
  stationColumn: sql`f.station_id`,
  joins: (ctx) => sql`${titleJoin(ctx, 'st', 'station', sql`f.station_id`)}
    ${titleJoin(ctx, 'en', 'entry', sql`f.entry_id`)}`,
  select: (ctx) => sql`f.user_id as "userId", ${learnerName} as learner, l.email, ${companyName} as company,
    ${titleText(ctx, 'st', sql`f.station_id`)} as station, f.entry_id as "entryId", ${titleText(ctx, 'en', sql`f.entry_id`)} as entry,
    f.entry_type as "viewType", f.views, f.first_viewed_at as "firstViewedAt", f.last_viewed_at as "lastViewedAt",
    f.plays, f.completions, f.last_activity_at as "lastActivityAt"`,
  sortable: (ctx) => ({
    learner: learnerName,
    email: sql`l.email`,
    company: companyName,
    station: titleText(ctx, 'st', sql`f.station_id`),
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
  toRow: (r) => ({
    userId: String(r.userId),
    learner: String(r.learner),
    email: (r.email as string | null) ?? null,
    company: (r.company as string | null) ?? null,
    station: (r.station as string | null) ?? null,
    entryId: String(r.entryId),
    entry: String(r.entry),
    viewType: String(r.viewType),
    views: Number(r.views),
    firstViewedAt: isoOrNull(r.firstViewedAt),
    lastViewedAt: isoOrNull(r.lastViewedAt),
    plays: Number(r.plays),
    completions: Number(r.completions),
    lastActivityAt: iso(r.lastActivityAt),
  }),
};
