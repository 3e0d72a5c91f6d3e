import type { ColumnType, Kysely } from 'kysely';
import type { Localized } from '@portal/learning/contracts';

/** A jsonb column: written as JSON text, read as the value (or its text, by driver). */
type Json<T> = ColumnType<T | string, string, string>;
/** A float8 or integer column read back as a number or a numeric string, by driver. */
type Num = ColumnType<number | string, number, number>;

// Days and weeks are UTC dates written as text, YYYY-MM-DD (they compare in order as text).

/** Companies by name (identity's CompanyRegistered and CompanyUpdated): the dashboard's title and the picker. */
export interface DashCompaniesTable {
  company_id: string;
  name: string;
}

/** The catalogue's stations as the dashboard lists them. */
export interface DashStationsTable {
  station_id: string;
  /** the root station it belongs to (itself for a root), as the scores read model says (ADR 0044) */
  crop_id: string;
  title: Json<Localized>;
  /** a root station of the crop category: a line of the crops table */
  is_crop: boolean;
  /** a station with content to start (entries): a candidate for the station lists */
  has_entries: boolean;
  listing_order: number;
  /** revised, active and not retired */
  live: boolean;
}

/** One row per user the events name: the company they belong to now and what the learner counts need. */
export interface DashLearnersTable {
  user_id: string;
  /** null: no company, or deleted */
  company_id: string | null;
  /** opened, played or completed a content, or answered a station's question */
  started: boolean;
  /** the UTC day of their last activity (sign-in, a visit, a view, a play, a completion, an answer) */
  last_active_on: string | null;
}

/** A learner's first completions and answers per ISO week (its Monday). */
export interface DashLearnerWeeksTable {
  user_id: string;
  week_start: string;
  completions: Num;
  answers: Num;
}

/** A learner's crop score (000 §9, ADR 0044: first completions and current answers in the crop) and crop certificates. */
export interface DashLearnerCropsTable {
  user_id: string;
  crop_id: string;
  score: Num;
  certificates: Num;
}

/** Whether a learner started and completed a station. */
export interface DashLearnerStationsTable {
  user_id: string;
  station_id: string;
  started: boolean;
  completed: boolean;
}

/** The entries a learner completed (only the first completion counts, as in the scores). */
export interface DashLearnerEntriesTable {
  user_id: string;
  entry_id: string;
}

/** A learner's current answer per question: its points in its crop (a retry replaces them, as in the scores). */
export interface DashLearnerAnswersTable {
  user_id: string;
  question_id: string;
  points: Num;
  /** null: the answer counts in no crop (NPS, adaptive questions asked by no station) */
  crop_id: string | null;
}

/** Per company: its learners and those who never started. */
export interface DashCompanyTotalsTable {
  company_id: string;
  learners: Num;
  never_started: Num;
}

/** Per company and day: how many of its learners were last active that day ("active since D" is a sum over days >= D). */
export interface DashCompanyActiveDaysTable {
  company_id: string;
  day: string;
  learners: Num;
}

/** Per company and ISO week: its learners' first completions and answers. */
export interface DashCompanyWeeksTable {
  company_id: string;
  week_start: string;
  completions: Num;
  answers: Num;
}

/** Per company and crop: learners with a crop score, the sum of their scores, their certificates. */
export interface DashCompanyCropsTable {
  company_id: string;
  crop_id: string;
  learners: Num;
  score_sum: Num;
  certificates: Num;
}

/** Per company and station: its learners who started and who completed it. */
export interface DashCompanyStationsTable {
  company_id: string;
  station_id: string;
  starts: Num;
  completions: Num;
}

/**
 * The manager dashboard's tables (ADR 0053): per-learner facts, and per-company sums of them kept
 * up to date as events arrive, so a dashboard reads a few dozen rows of its company.
 */
export interface ManagerDashboardDB {
  dash_companies: DashCompaniesTable;
  dash_stations: DashStationsTable;
  dash_learners: DashLearnersTable;
  dash_learner_weeks: DashLearnerWeeksTable;
  dash_learner_crops: DashLearnerCropsTable;
  dash_learner_stations: DashLearnerStationsTable;
  dash_learner_entries: DashLearnerEntriesTable;
  dash_learner_answers: DashLearnerAnswersTable;
  dash_company_totals: DashCompanyTotalsTable;
  dash_company_active_days: DashCompanyActiveDaysTable;
  dash_company_weeks: DashCompanyWeeksTable;
  dash_company_crops: DashCompanyCropsTable;
  dash_company_stations: DashCompanyStationsTable;
}

/** The tables in `schema` (a rebuild creates them in a new schema beside the live one and swaps). */
export async function migrateManagerDashboard(db: Kysely<any>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s.createTable('dash_companies').ifNotExists().addColumn('company_id', 'text', (c) => c.primaryKey()).addColumn('name', 'text', (c) => c.notNull()).execute();
  await s
    .createTable('dash_stations')
    .ifNotExists()
    .addColumn('station_id', 'text', (c) => c.primaryKey())
    .addColumn('crop_id', 'text', (c) => c.notNull())
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('is_crop', 'boolean', (c) => c.notNull())
    .addColumn('has_entries', 'boolean', (c) => c.notNull())
    .addColumn('listing_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('live', 'boolean', (c) => c.notNull())
    .execute();
  await s
    .createTable('dash_learners')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text')
    .addColumn('started', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_active_on', 'text')
    .execute();
  await s.createIndex('dash_learners_company_idx').ifNotExists().on('dash_learners').column('company_id').execute();
  await s
    .createTable('dash_learner_weeks')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('week_start', 'text', (c) => c.notNull())
    .addColumn('completions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answers', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('dash_learner_weeks_pk', ['user_id', 'week_start'])
    .execute();
  await s
    .createTable('dash_learner_crops')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('crop_id', 'text', (c) => c.notNull())
    .addColumn('score', 'float8', (c) => c.notNull().defaultTo(0))
    .addColumn('certificates', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('dash_learner_crops_pk', ['user_id', 'crop_id'])
    .execute();
  await s
    .createTable('dash_learner_stations')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('station_id', 'text', (c) => c.notNull())
    .addColumn('started', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('completed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('dash_learner_stations_pk', ['user_id', 'station_id'])
    .execute();
  await s
    .createTable('dash_learner_entries')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dash_learner_entries_pk', ['user_id', 'entry_id'])
    .execute();
  await s
    .createTable('dash_learner_answers')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('points', 'float8', (c) => c.notNull())
    .addColumn('crop_id', 'text')
    .addPrimaryKeyConstraint('dash_learner_answers_pk', ['user_id', 'question_id'])
    .execute();
  await s
    .createTable('dash_company_totals')
    .ifNotExists()
    .addColumn('company_id', 'text', (c) => c.primaryKey())
    .addColumn('learners', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('never_started', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s
    .createTable('dash_company_active_days')
    .ifNotExists()
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('learners', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('dash_company_active_days_pk', ['company_id', 'day'])
    .execute();
  await s
    .createTable('dash_company_weeks')
    .ifNotExists()
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('week_start', 'text', (c) => c.notNull())
    .addColumn('completions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answers', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('dash_company_weeks_pk', ['company_id', 'week_start'])
    .execute();
  await s
    .createTable('dash_company_crops')
    .ifNotExists()
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('crop_id', 'text', (c) => c.notNull())
    .addColumn('learners', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score_sum', 'float8', (c) => c.notNull().defaultTo(0))
    .addColumn('certificates', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('dash_company_crops_pk', ['company_id', 'crop_id'])
    .execute();
  await s
    .createTable('dash_company_stations')
    .ifNotExists()
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('station_id', 'text', (c) => c.notNull())
    .addColumn('starts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completions', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('dash_company_stations_pk', ['company_id', 'station_id'])
    .execute();
}
