import type { ColumnType, Kysely } from 'kysely';

/** timestamptz: written as ISO strings, read as Date (node-postgres) or string */
type Instant = ColumnType<Date | string, string, string>;
type MaybeInstant = ColumnType<Date | string | null, string | null | undefined, string | null>;
/** jsonb string lists: written as JSON text, read as arrays */
type JsonList = ColumnType<string[], string, string>;

/** Tables of the events-scheduled read model (ADR 0009 §4, ADR 0060). */
export interface EventsScheduledDB {
  /** one row per scheduled event: its definition and state */
  scheduled_events: {
    event_id: string;
    state: 'draft' | 'published' | 'canceled' | 'finished';
    title: string;
    type: string;
    description: string;
    date: string;
    start_hour: string;
    finish_hour: string;
    timezone: string;
    country: string;
    venue: string;
    author: string;
    department: string;
    cluster: string;
    categories: JsonList;
    cultures: JsonList;
    competence_area: string;
    region: string;
    brand: string;
    bu: string;
    target_audience: string;
    estimated_audience: number | null;
    instructor: string;
    vacancies: number;
    starts_at: Instant;
    ends_at: Instant;
    created_at: Instant;
    updated_at: Instant;
    published_at: MaybeInstant;
    canceled_at: MaybeInstant;
    cancel_reason: string | null;
    finished_at: MaybeInstant;
    /** when the day-before reminder went out */
    reminded_at: MaybeInstant;
  };
  event_materials: { event_id: string; material_id: string; file_name: string; content_type: string; size: number; sha256: string; attached_at: Instant };
  event_quizzes: { event_id: string; quiz_id: string; title: string; opens_at: MaybeInstant; closes_at: MaybeInstant; attached_at: Instant };
  /** one row per person who ever enrolled or joined the waiting list */
  attendees: {
    event_id: string;
    user_id: string;
    email: string;
    lang: string;
    status: 'enrolled' | 'waitlisted' | 'withdrawn';
    /** the stream revision of the waiting-list entry: its order in line */
    waitlist_seq: ColumnType<string | null, string | null, string | null>;
    enrolled_at: MaybeInstant;
    waitlisted_at: MaybeInstant;
    withdrew_at: MaybeInstant;
    checked_in_at: MaybeInstant;
    checked_out_at: MaybeInstant;
    minutes_present: number | null;
  };
  quiz_answers: { event_id: string; quiz_id: string; user_id: string; lang: string; score: number; max_score: number; pending_open: number; answered_at: Instant };
  question_answers: {
    event_id: string;
    quiz_id: string;
    user_id: string;
    question_id: string;
    alternative_ids: JsonList;
    text: string | null;
    correct: boolean | null;
    score: number | null;
    max_score: number;
  };
}

export async function migrateEventsScheduled(db: Kysely<any>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('scheduled_events')
    .ifNotExists()
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('start_hour', 'text', (c) => c.notNull())
    .addColumn('finish_hour', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('venue', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('cluster', 'text', (c) => c.notNull())
    .addColumn('categories', 'jsonb', (c) => c.notNull())
    .addColumn('cultures', 'jsonb', (c) => c.notNull())
    .addColumn('competence_area', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('bu', 'text', (c) => c.notNull())
    .addColumn('target_audience', 'text', (c) => c.notNull())
    .addColumn('estimated_audience', 'integer')
    .addColumn('instructor', 'text', (c) => c.notNull())
    .addColumn('vacancies', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz')
    .addColumn('canceled_at', 'timestamptz')
    .addColumn('cancel_reason', 'text')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('reminded_at', 'timestamptz')
    .execute();
  await s.createIndex('scheduled_events_date_idx').ifNotExists().on('scheduled_events').columns(['date', 'start_hour']).execute();
  await s.createIndex('scheduled_events_country_state_idx').ifNotExists().on('scheduled_events').columns(['country', 'state', 'starts_at']).execute();
  await s
    .createTable('event_materials')
    .ifNotExists()
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('material_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('attached_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_materials_pk', ['event_id', 'material_id'])
    .execute();
  await s
    .createTable('event_quizzes')
    .ifNotExists()
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('quiz_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('opens_at', 'timestamptz')
    .addColumn('closes_at', 'timestamptz')
    .addColumn('attached_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_quizzes_pk', ['event_id', 'quiz_id'])
    .execute();
  await s.createIndex('event_quizzes_quiz_idx').ifNotExists().on('event_quizzes').column('quiz_id').execute();
  await s
    .createTable('attendees')
    .ifNotExists()
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('waitlist_seq', 'bigint')
    .addColumn('enrolled_at', 'timestamptz')
    .addColumn('waitlisted_at', 'timestamptz')
    .addColumn('withdrew_at', 'timestamptz')
    .addColumn('checked_in_at', 'timestamptz')
    .addColumn('checked_out_at', 'timestamptz')
    .addColumn('minutes_present', 'integer')
    .addPrimaryKeyConstraint('attendees_pk', ['event_id', 'user_id'])
    .execute();
  await s.createIndex('attendees_user_idx').ifNotExists().on('attendees').columns(['user_id', 'event_id']).execute();
  await s
    .createTable('quiz_answers')
    .ifNotExists()
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('quiz_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('max_score', 'double precision', (c) => c.notNull())
    .addColumn('pending_open', 'integer', (c) => c.notNull())
    .addColumn('answered_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_answers_pk', ['event_id', 'quiz_id', 'user_id'])
    .execute();
  await s.createIndex('quiz_answers_quiz_idx').ifNotExists().on('quiz_answers').column('quiz_id').execute();
  await s
    .createTable('question_answers')
    .ifNotExists()
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('quiz_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('alternative_ids', 'jsonb', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('correct', 'boolean')
    .addColumn('score', 'double precision')
    .addColumn('max_score', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_answers_pk', ['event_id', 'quiz_id', 'user_id', 'question_id'])
    .execute();
  await s.createIndex('question_answers_quiz_idx').ifNotExists().on('question_answers').columns(['quiz_id', 'question_id']).execute();
}
