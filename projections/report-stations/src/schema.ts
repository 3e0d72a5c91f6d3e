import type { Kysely } from 'kysely';
import { createTemporalTable, migrateDimensions, type TemporalTable } from '@portal/projection-report-kit';

/** One learner's visits of one station (StationVisited): a temporal row, a new version on every visit. */
export interface StationVisitsRow {
  user_id: string;
  station_id: string;
  views: number;
  last_view_type: string;
  first_viewed_at: string;
  last_viewed_at: string;
}

export const stationVisitsTable: TemporalTable<StationVisitsRow> = {
  name: 'station_visits',
  key: ['user_id', 'station_id'],
  columns: { user_id: 'text', station_id: 'text', views: 'integer', last_view_type: 'text', first_viewed_at: 'timestamptz', last_viewed_at: 'timestamptz' },
};

/** The report's tables in its own schema: the kit's dimensions and the visits, indexed for a company's first page and the date filter. */
export async function migrateReportStations(db: Kysely<any>, schema: string): Promise<void> {
  await migrateDimensions(db, schema);
  await createTemporalTable(db, schema, stationVisitsTable);
  const s = db.schema.withSchema(schema);
  await s.createIndex('station_visits_user_time').on('station_visits').columns(['user_id', 'last_viewed_at']).execute();
  await s.createIndex('station_visits_time').on('station_visits').columns(['last_viewed_at']).execute();
}
