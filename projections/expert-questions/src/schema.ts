import { sql, type ColumnType, type Kysely } from 'kysely';

/** timestamptz: written as ISO strings, read as Date (node-postgres) or string */
type Instant = ColumnType<Date | string, string, string>;
type NullableInstant = ColumnType<Date | string | null, string | null | undefined, string | null>;
/** jsonb: written as a JSON string, read parsed (or as a string, PGlite) */
type Json = ColumnType<unknown, string, string>;

/** Tables of the ask-the-expert read model (owner engagement, ADR 0072). */
export interface ExpertQuestionsDB {
  /** one row per question, with its state and answer */
  questions: {
    question_id: string;
    user_id: string;
    lang: string;
    company_id: string | null;
    country: string | null;
    theme_id: string;
    /** { pt-BR, es, en } as asked */
    theme_labels: Json;
    sub_theme_id: string;
    sub_theme_labels: Json;
    phone: string;
    title: string;
    question: string;
    /** open | answered | withdrawn */
    status: string;
    asked_at: Instant;
    claimed_by: string | null;
    claimed_by_name: string | null;
    claimed_at: NullableInstant;
    response: string | null;
    answered_by: string | null;
    answered_by_name: string | null;
    answered_at: NullableInstant;
    withdrawn_at: NullableInstant;
  };
  /** one row per user who is or was an expert: the themes now held (empty: no longer an expert) */
  experts: { user_id: string; theme_ids: Json; assigned_by: string; assigned_at: Instant };
  /** experts per theme (the queue's and the manager screen's lookup) */
  expert_themes: { theme_id: string; user_id: string };
}

export async function migrateExpertQuestions(db: Kysely<any>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('questions')
    .ifNotExists()
    .addColumn('question_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text')
    .addColumn('country', 'text')
    .addColumn('theme_id', 'text', (c) => c.notNull())
    .addColumn('theme_labels', 'jsonb', (c) => c.notNull())
    .addColumn('sub_theme_id', 'text', (c) => c.notNull())
    .addColumn('sub_theme_labels', 'jsonb', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('asked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_by_name', 'text')
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('response', 'text')
    .addColumn('answered_by', 'text')
    .addColumn('answered_by_name', 'text')
    .addColumn('answered_at', 'timestamptz')
    .addColumn('withdrawn_at', 'timestamptz')
    .execute();
  await s.createIndex('questions_user_idx').ifNotExists().on('questions').columns(['user_id', 'asked_at']).execute();
  // the queue: a theme's open questions oldest first, then its answered ones newest first
  await s.createIndex('questions_queue_idx').ifNotExists().on('questions').columns(['theme_id', 'status', 'asked_at']).execute();
  await s
    .createTable('experts')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('theme_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('assigned_by', 'text', (c) => c.notNull())
    .addColumn('assigned_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await s
    .createTable('expert_themes')
    .ifNotExists()
    .addColumn('theme_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('expert_themes_pk', ['theme_id', 'user_id'])
    .execute();
  await s.createIndex('expert_themes_user_idx').ifNotExists().on('expert_themes').column('user_id').execute();
}
