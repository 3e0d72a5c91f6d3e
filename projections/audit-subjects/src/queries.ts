import type { Kysely } from 'kysely';
import type { AuditSubjectsDB } from './schema.js';

/** One index key of a subject: a user's timeline also takes in the bookings made with their addresses (visitor keys). */
export interface SubjectKey {
  kind: string;
  subjectId: string;
}

/** An event of a subject's timeline, in global order; the event itself is read from the log. */
export interface SubjectEventRef {
  transactionId: bigint;
  position: bigint;
  streamId: string;
  type: string;
}

export interface TimelineRange {
  /** after this place in global order (exclusive) */
  after?: { transactionId: bigint; position: bigint } | undefined;
  /** up to this place (inclusive): an export covers the trail as it stood when it was recorded */
  upTo?: { transactionId: bigint; position: bigint } | undefined;
  stream?: string | undefined;
  type?: string | undefined;
}

const compare = (a: SubjectEventRef, b: SubjectEventRef) =>
  a.transactionId !== b.transactionId ? (a.transactionId < b.transactionId ? -1 : 1) : a.position === b.position ? 0 : a.position < b.position ? -1 : 1;

/** The index keys of a subject: itself, and for a user the e-mail keys of every address they claimed. */
export async function subjectKeysOf(reader: Kysely<AuditSubjectsDB>, kind: string, subjectId: string): Promise<SubjectKey[]> {
  const keys: SubjectKey[] = [{ kind, subjectId }];
  if (kind !== 'user') return keys;
  const emails = await reader.selectFrom('email_keys').select('email_key').where('user_id', '=', subjectId).orderBy('email_key').execute();
  return [...keys, ...emails.map((e) => ({ kind: 'visitor', subjectId: e.email_key }))];
}

/**
 * A page of a subject's events in global order: one index range per key (kind, subject, then
 * transaction id and position), merged here; an event under two keys is answered once.
 */
export async function subjectEvents(reader: Kysely<AuditSubjectsDB>, keys: SubjectKey[], range: TimelineRange, limit: number): Promise<SubjectEventRef[]> {
  const pages = await Promise.all(
    keys.map(async (key) => {
      let q = reader
        .selectFrom('subject_events')
        .select(['transaction_id', 'position', 'stream_id', 'type'])
        .where('kind', '=', key.kind)
        .where('subject_id', '=', key.subjectId);
      if (range.after) {
        const { transactionId, position } = range.after;
        q = q.where((eb) =>
          eb.or([eb('transaction_id', '>', transactionId.toString()), eb.and([eb('transaction_id', '=', transactionId.toString()), eb('position', '>', position.toString())])]),
        );
      }
      if (range.upTo) {
        const { transactionId, position } = range.upTo;
        q = q.where((eb) =>
          eb.or([eb('transaction_id', '<', transactionId.toString()), eb.and([eb('transaction_id', '=', transactionId.toString()), eb('position', '<=', position.toString())])]),
        );
      }
      if (range.stream) q = q.where('stream_id', '=', range.stream);
      if (range.type) q = q.where('type', '=', range.type);
      const rows = await q.orderBy('transaction_id').orderBy('position').limit(limit).execute();
      return rows.map((r) => ({ transactionId: BigInt(String(r.transaction_id)), position: BigInt(String(r.position)), streamId: r.stream_id, type: r.type }));
    }),
  );
  const merged = pages.flat().sort(compare);
  const unique = merged.filter((r, i) => i === 0 || compare(merged[i - 1]!, r) !== 0);
  return unique.slice(0, limit);
}

/** Every stream and type of a subject's trail with its event count, and the total (events under two keys counted once). */
export async function subjectFacets(
  reader: Kysely<AuditSubjectsDB>,
  keys: SubjectKey[],
): Promise<{ total: number; streams: { streamId: string; events: number }[]; types: { type: string; events: number }[] }> {
  const rows = await reader
    .selectFrom((eb) =>
      eb
        .selectFrom('subject_events')
        .select(['transaction_id', 'position', 'stream_id', 'type'])
        .distinct()
        .where((w) => w.or(keys.map((k) => w.and([w('kind', '=', k.kind), w('subject_id', '=', k.subjectId)]))))
        .as('e'),
    )
    .select(['e.stream_id', 'e.type', (eb) => eb.fn.countAll<string>().as('events')])
    .groupBy(['e.stream_id', 'e.type'])
    .execute();
  const streams = new Map<string, number>();
  const types = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    const n = Number(row.events);
    total += n;
    streams.set(row.stream_id, (streams.get(row.stream_id) ?? 0) + n);
    types.set(row.type, (types.get(row.type) ?? 0) + n);
  }
  return {
    total,
    streams: [...streams].map(([streamId, events]) => ({ streamId, events })).sort((a, b) => a.streamId.localeCompare(b.streamId)),
    types: [...types].map(([type, events]) => ({ type, events })).sort((a, b) => a.type.localeCompare(b.type)),
  };
}

/** Whether the index holds any event of the subject (an unknown subject answers 404). */
export async function subjectKnown(reader: Kysely<AuditSubjectsDB>, kind: string, subjectId: string): Promise<boolean> {
  const row = await reader.selectFrom('subject_events').select('position').where('kind', '=', kind).where('subject_id', '=', subjectId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A subject's trail size and where it ends now: what an export records and then writes. */
export async function subjectExtent(reader: Kysely<AuditSubjectsDB>, keys: SubjectKey[]): Promise<{ events: number; last: { transactionId: bigint; position: bigint } | null }> {
  const facets = await subjectFacets(reader, keys);
  const lasts = await Promise.all(
    keys.map((k) =>
      reader
        .selectFrom('subject_events')
        .select(['transaction_id', 'position'])
        .where('kind', '=', k.kind)
        .where('subject_id', '=', k.subjectId)
        .orderBy('transaction_id', 'desc')
        .orderBy('position', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  const last = lasts
    .flatMap((r) => (r ? [{ transactionId: BigInt(String(r.transaction_id)), position: BigInt(String(r.position)), streamId: '', type: '' }] : []))
    .sort(compare)
    .at(-1);
  return { events: facets.total, last: last ? { transactionId: last.transactionId, position: last.position } : null };
}

export type BookingRow = AuditSubjectsDB['bookings'];
export type AnswerRow = Omit<AuditSubjectsDB['answers'], 'position'> & { position: unknown };
const ANSWER_COLUMNS = ['row_id', 'event_id', 'user_id', 'kind', 'question_id', 'station_id', 'is_correct', 'attempt', 'answered_at', 'position'] as const;
export type CertificateRow = AuditSubjectsDB['certificates'];

const FOUND = 50;

/** Bookings by id, or by the visitor's e-mail or name (a part of it), newest first. */
export async function findBookings(reader: Kysely<AuditSubjectsDB>, q: string): Promise<BookingRow[]> {
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return reader
    .selectFrom('bookings')
    .selectAll()
    .where((eb) => eb.or([eb('booking_id', '=', q), eb(eb.fn('lower', ['visitor_email']), 'like', like), eb(eb.fn('lower', ['visitor_name']), 'like', like)]))
    .orderBy('requested_at', 'desc')
    .limit(FOUND)
    .execute();
}

/** Answers by row id or event id, or every answer of these learners, newest first. */
export async function findAnswers(reader: Kysely<AuditSubjectsDB>, by: { id?: string; userIds?: string[] }): Promise<AnswerRow[]> {
  const { id, userIds = [] } = by;
  if (!id && userIds.length === 0) return [];
  return reader
    .selectFrom('answers')
    .select(ANSWER_COLUMNS)
    .where((eb) => eb.or([...(id ? [eb('row_id', '=', id), eb('event_id', '=', id)] : []), ...(userIds.length > 0 ? [eb('user_id', 'in', userIds)] : [])]))
    .orderBy('position', 'desc')
    .limit(FOUND)
    .execute();
}

/** Certificates by id, by holder id, or by a part of the holder's name, newest first. */
export async function findCertificates(reader: Kysely<AuditSubjectsDB>, by: { id?: string; userIds?: string[]; name?: string }): Promise<CertificateRow[]> {
  const { id, userIds = [], name } = by;
  const like = name ? `%${name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  if (!id && userIds.length === 0 && !like) return [];
  return reader
    .selectFrom('certificates')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(id ? [eb('certificate_id', '=', id)] : []),
        ...(userIds.length > 0 ? [eb('user_id', 'in', userIds)] : []),
        ...(like ? [eb(eb.fn('lower', ['holder_name']), 'like', like)] : []),
      ]),
    )
    .orderBy('issued_at', 'desc')
    .limit(FOUND)
    .execute();
}

/** One subject's describing row (the timeline's heading). */
export const bookingById = (reader: Kysely<AuditSubjectsDB>, bookingId: string) => reader.selectFrom('bookings').selectAll().where('booking_id', '=', bookingId).executeTakeFirst();
export const answerById = (reader: Kysely<AuditSubjectsDB>, rowId: string) =>
  reader.selectFrom('answers').select(ANSWER_COLUMNS).where('row_id', '=', rowId).executeTakeFirst();
/** Every answer of a learner to a question (a catalogue question's retries), in log order. */
export const answersTo = (reader: Kysely<AuditSubjectsDB>, userId: string, questionId: string) =>
  reader.selectFrom('answers').select(ANSWER_COLUMNS).where('user_id', '=', userId).where('question_id', '=', questionId).orderBy('position').limit(FOUND).execute();
export const certificateById = (reader: Kysely<AuditSubjectsDB>, certificateId: string) => reader.selectFrom('certificates').selectAll().where('certificate_id', '=', certificateId).executeTakeFirst();
