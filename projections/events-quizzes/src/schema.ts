import type { ColumnType, Generated, Kysely } from 'kysely';

type Instant = ColumnType<Date | string, string, string>;

/** Tables of the events-quizzes read model (ADR 0009 §4, ADR 0060). */
export interface EventsQuizzesDB {
  /** one row per quiz; `questions` is the stored definition's question list (jsonb) */
  quizzes: {
    quiz_id: string;
    title: string;
    description: string;
    questions: ColumnType<unknown, string, string>;
    deleted: Generated<boolean>;
    created_at: Instant;
    updated_at: Instant;
  };
}

export async function migrateEventsQuizzes(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('quizzes')
    .ifNotExists()
    .addColumn('quiz_id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('questions', 'jsonb', (c) => c.notNull())
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
