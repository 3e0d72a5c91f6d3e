import { sql, type ColumnType, type Kysely } from 'kysely';

/** A bigint column: written as a decimal string, read as the driver gives it (string or bigint). */
type BigIntColumn = ColumnType<unknown, string, string>;

/**
 * The auditor's index (ADR 0071): which events concern which subject. One row per event and
 * subject, keyed in the log's global order (transaction id, position), so a subject's timeline
 * is one index range whatever the streams its events lie in; the events themselves are read
 * from the log by position.
 */
export interface SubjectEventsTable {
  /** user, visitor (an e-mail key: a visitor's bookings before or without an account), booking, answer, certificate */
  kind: string;
  subject_id: string;
  transaction_id: BigIntColumn;
  position: BigIntColumn;
  stream_id: string;
  type: string;
}

/** Sessions and their users: SessionRefreshed names only the session. */
export interface SessionsTable {
  session_id: string;
  user_id: string;
}

/** E-mail claims: the keys of a user's addresses, which are also their visitor keys (booking.visitor-<key>). */
export interface EmailKeysTable {
  email_key: string;
  user_id: string;
}

/** Bookings, for finding them (id, visitor) and for tagging a booking's later events with its visitor. */
export interface BookingsTable {
  booking_id: string;
  visitor_key: string | null;
  visitor_name: string | null;
  visitor_email: string | null;
  date: string | null;
  time: string | null;
  requested_at: string | null;
}

/**
 * Answers of every kind, for finding them by row id, event id or learner (ADR 0083): a catalogue
 * question's AnswerSubmitted (station drawer, media overlay, NPS, adaptive learning; row id its
 * rowId), an event quiz's QuizAnswered and a public survey's SurveyAnswered (row id their event id).
 */
export interface AnswersTable {
  row_id: string;
  event_id: string;
  /** the learner (a guest's survey answers: guest:<id>) */
  user_id: string;
  /** station, media, nps, adaptive_learning, survey (AnswerSubmitted's context), public-survey, event-quiz */
  kind: string;
  /** the question; an event quiz's quiz id */
  question_id: string;
  station_id: string | null;
  /** null where an answer is neither right nor wrong (surveys, NPS) or waits for staff (open quiz answers) */
  is_correct: boolean | null;
  attempt: number;
  answered_at: string;
  position: BigIntColumn;
}

/** A learner's latest answer to a question: the NPS step and recommendations that follow it belong to it. */
export interface LatestAnswersTable {
  user_id: string;
  question_id: string;
  row_id: string;
  position: BigIntColumn;
}

/** Issued certificates, for finding them by id or holder. */
export interface CertificatesTable {
  certificate_id: string;
  user_id: string;
  rule_id: string;
  holder_name: string | null;
  title: string;
  issued_at: string;
}

export interface AuditSubjectsDB {
  subject_events: SubjectEventsTable;
  sessions: SessionsTable;
  email_keys: EmailKeysTable;
  bookings: BookingsTable;
  answers: AnswersTable;
  latest_answers: LatestAnswersTable;
  certificates: CertificatesTable;
}

export async function migrateAuditSubjects(db: Kysely<any>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('subject_events')
    .ifNotExists()
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'bigint', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('stream_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    // the timeline's range: a subject's events in global order
    .addPrimaryKeyConstraint('subject_events_pk', ['kind', 'subject_id', 'transaction_id', 'position'])
    .execute();
  await s.createTable('sessions').ifNotExists().addColumn('session_id', 'text', (c) => c.primaryKey()).addColumn('user_id', 'text', (c) => c.notNull()).execute();
  await s
    .createTable('email_keys')
    .ifNotExists()
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('email_keys_pk', ['user_id', 'email_key'])
    .execute();
  await s
    .createTable('bookings')
    .ifNotExists()
    .addColumn('booking_id', 'text', (c) => c.primaryKey())
    .addColumn('visitor_key', 'text')
    .addColumn('visitor_name', 'text')
    .addColumn('visitor_email', 'text')
    .addColumn('date', 'text')
    .addColumn('time', 'text')
    .addColumn('requested_at', 'text')
    .execute();
  await s.createIndex('bookings_email_idx').ifNotExists().on('bookings').expression(sql`lower(visitor_email)`).execute();
  await s
    .createTable('answers')
    .ifNotExists()
    .addColumn('row_id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('station_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('is_correct', 'boolean')
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('answered_at', 'text', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('answers_event_idx').ifNotExists().on('answers').column('event_id').execute();
  await s.createIndex('answers_user_idx').ifNotExists().on('answers').columns(['user_id', 'position']).execute();
  await s
    .createTable('latest_answers')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('row_id', 'text', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('latest_answers_pk', ['user_id', 'question_id'])
    .execute();
  await s
    .createTable('certificates')
    .ifNotExists()
    .addColumn('certificate_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('rule_id', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('certificates_user_idx').ifNotExists().on('certificates').column('user_id').execute();
}
