import type { Kysely } from 'kysely';
import { createTemporalTable, migrateDimensions, type TemporalTable } from '@portal/projection-report-kit';

/**
 * One learner's use of one entry (001 §3 station view record): a temporal row, a new version on
 * every view, play (a media play session's start) or completion, so "as of" shows the counts of then.
 */
export interface ContentUseRow {
  user_id: string;
  entry_id: string;
  station_id: string;
  entry_type: string;
  views: number;
  first_viewed_at: string | null;
  last_viewed_at: string | null;
  plays: number;
  completions: number;
  last_activity_at: string;
}

export const contentUseTable: TemporalTable<ContentUseRow> = {
  name: 'content_use',
  key: ['user_id', 'entry_id'],
  columns: {
    user_id: 'text',
    entry_id: 'text',
    station_id: 'text',
    entry_type: 'text',
    views: 'integer',
    first_viewed_at: 'timestamptz',
    last_viewed_at: 'timestamptz',
    plays: 'integer',
    completions: 'integer',
    last_activity_at: 'timestamptz',
  },
};

/** The report's tables in its own schema: the kit's dimensions and the content use rows, indexed for a company's first page and the date filter. */
export async function migrateReportStationContent(db: Kysely<any>, schema: string): Promise<void> {
  await migrateDimensions(db, schema);
  await createTemporalTable(db, schema, contentUseTable);
  const s = db.schema.withSchema(schema);
  await s.createIndex('content_use_user_time').on('content_use').columns(['user_id', 'last_activity_at']).execute();
  await s.createIndex('content_use_time').on('content_use').columns(['last_activity_at']).execute();
}
