import { sql, type Kysely, type Selectable } from 'kysely';
import type { AttendeeRow, AttendeeStatus, ScheduledEvent, ScheduledEventState } from '@portal/events/contracts';
import type { EventsScheduledDB } from './schema.js';
import { iso, isoOrNull } from '@portal/kernel';

type Reader = Kysely<EventsScheduledDB>;
type EventTableRow = Selectable<EventsScheduledDB['scheduled_events']>;
export type ScheduledEventRow = Omit<ScheduledEvent, 'me'>;
export type Counts = ScheduledEvent['counts'];

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? (JSON.parse(v) as string[]) : []);
const NO_COUNTS: Counts = { enrolled: 0, waitlisted: 0, checkedIn: 0, checkedOut: 0 };

export interface ScheduledEventFilter {
  state?: ScheduledEventState;
  /** local dates, both included */
  from?: string;
  to?: string;
  region?: string;
  /** a crop (station) id the event names */
  culture?: string;
  bu?: string;
  /** part of the title, instructor or venue (case-insensitive) */
  q?: string;
}

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Counts per event from the attendee rows (never a counter that could drift). */
async function countsOf(reader: Reader, eventIds: string[]): Promise<Map<string, Counts>> {
  if (eventIds.length === 0) return new Map();
  const rows = await reader
    .selectFrom('attendees')
    .select((eb) => [
      'event_id',
      eb.fn.countAll<string>().filterWhere('status', '=', 'enrolled').as('enrolled'),
      eb.fn.countAll<string>().filterWhere('status', '=', 'waitlisted').as('waitlisted'),
      eb.fn.countAll<string>().filterWhere((w) => w.and([w('status', '=', 'enrolled'), w('checked_in_at', 'is not', null)])).as('checked_in'),
      eb.fn.countAll<string>().filterWhere((w) => w.and([w('status', '=', 'enrolled'), w('checked_out_at', 'is not', null)])).as('checked_out'),
    ])
    .where('event_id', 'in', eventIds)
    .groupBy('event_id')
    .execute();
  return new Map(rows.map((r) => [r.event_id, { enrolled: Number(r.enrolled), waitlisted: Number(r.waitlisted), checkedIn: Number(r.checked_in), checkedOut: Number(r.checked_out) }]));
}

async function detailsOf(reader: Reader, rows: EventTableRow[]): Promise<ScheduledEventRow[]> {
  const ids = rows.map((r) => r.event_id);
  if (ids.length === 0) return [];
  const [counts, materials, quizzes, answers] = await Promise.all([
    countsOf(reader, ids),
    reader.selectFrom('event_materials').selectAll().where('event_id', 'in', ids).orderBy('attached_at').execute(),
    reader.selectFrom('event_quizzes').selectAll().where('event_id', 'in', ids).orderBy('attached_at').execute(),
    reader.selectFrom('quiz_answers').select((eb) => ['event_id', 'quiz_id', eb.fn.countAll<string>().as('answers')]).where('event_id', 'in', ids).groupBy(['event_id', 'quiz_id']).execute(),
  ]);
  const answered = new Map(answers.map((a) => [`${a.event_id}|${a.quiz_id}`, Number(a.answers)]));
  return rows.map((r) => ({
    eventId: r.event_id,
    state: r.state,
    title: r.title,
    type: r.type,
    description: r.description,
    date: r.date,
    startHour: r.start_hour,
    finishHour: r.finish_hour,
    timezone: r.timezone,
    country: r.country,
    venue: r.venue,
    author: r.author,
    department: r.department,
    cluster: r.cluster,
    categories: list(r.categories),
    cultures: list(r.cultures),
    competenceArea: r.competence_area,
    region: r.region,
    brand: r.brand,
    bu: r.bu,
    targetAudience: r.target_audience,
    estimatedAudience: r.estimated_audience,
    instructor: r.instructor,
    vacancies: r.vacancies,
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    publishedAt: isoOrNull(r.published_at),
    canceledAt: isoOrNull(r.canceled_at),
    cancelReason: r.cancel_reason,
    finishedAt: isoOrNull(r.finished_at),
    counts: counts.get(r.event_id) ?? NO_COUNTS,
    materials: materials
      .filter((m) => m.event_id === r.event_id)
      .map((m) => ({ materialId: m.material_id, fileName: m.file_name, contentType: m.content_type, size: m.size, attachedAt: iso(m.attached_at) })),
    quizzes: quizzes
      .filter((q) => q.event_id === r.event_id)
      .map((q) => ({ quizId: q.quiz_id, title: q.title, opensAt: isoOrNull(q.opens_at), closesAt: isoOrNull(q.closes_at), answers: answered.get(`${r.event_id}|${q.quiz_id}`) ?? 0 })),
  }));
}

/** The staff list (001 §7 GET /scheduledEvents/all): filtered, by date, paged. */
export async function listScheduledEvents(reader: Reader, f: ScheduledEventFilter, page: { limit: number; offset: number }): Promise<{ total: number; rows: ScheduledEventRow[] }> {
  let q = reader.selectFrom('scheduled_events');
  if (f.state) q = q.where('state', '=', f.state);
  if (f.from) q = q.where('date', '>=', f.from);
  if (f.to) q = q.where('date', '<=', f.to);
  if (f.region) q = q.where('region', '=', f.region);
  if (f.bu) q = q.where('bu', '=', f.bu);
  if (f.culture) q = q.where(sql<boolean>`cultures @> ${JSON.stringify([f.culture])}::jsonb`);
  if (f.q) {
    const pattern = likePattern(f.q);
    q = q.where((eb) => eb.or([eb(sql`lower(title)`, 'like', pattern), eb(sql`lower(instructor)`, 'like', pattern), eb(sql`lower(venue)`, 'like', pattern)]));
  }
  const [{ total }] = (await q.select((eb) => eb.fn.countAll<string>().as('total')).execute()) as [{ total: string }];
  const rows = await q.selectAll().orderBy('date', 'desc').orderBy('start_hour', 'desc').orderBy('event_id').limit(page.limit).offset(page.offset).execute();
  return { total: Number(total), rows: await detailsOf(reader, rows) };
}

export async function findScheduledEvent(reader: Reader, eventId: string): Promise<ScheduledEventRow | null> {
  const row = await reader.selectFrom('scheduled_events').selectAll().where('event_id', '=', eventId).executeTakeFirst();
  return row ? ((await detailsOf(reader, [row]))[0] ?? null) : null;
}

export interface VisibleTo {
  country: string;
  /** crop (station) ids the learner may see, or every one */
  allowedStations: string[] | 'all';
  userId: string;
}

/**
 * "My events" (ADR 0060): published (and finished) events of the learner's country whose
 * cultures, when named, include one the learner is allowed; also any event they enrolled in.
 */
export async function listVisibleEvents(
  reader: Reader,
  who: VisibleTo,
  when: 'upcoming' | 'past' | 'all',
  now: string,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: ScheduledEventRow[] }> {
  let q = reader.selectFrom('scheduled_events as e').where((eb) => {
    const visible = eb.and([
      eb('e.state', 'in', ['published', 'finished']),
      eb('e.country', '=', who.country),
      who.allowedStations === 'all'
        ? sql<boolean>`true`
        : eb.or([sql<boolean>`jsonb_array_length(e.cultures) = 0`, ...who.allowedStations.map((s) => sql<boolean>`e.cultures @> ${JSON.stringify([s])}::jsonb`)]),
    ]);
    const mine = eb.exists(eb.selectFrom('attendees as a').select('a.user_id').whereRef('a.event_id', '=', 'e.event_id').where('a.user_id', '=', who.userId).where('a.status', '!=', 'withdrawn'));
    return eb.or([visible, eb.and([mine, eb('e.state', '!=', 'draft')])]);
  });
  if (when === 'upcoming') q = q.where('e.ends_at', '>', now).where('e.state', '=', 'published');
  if (when === 'past') q = q.where((eb) => eb.or([eb('e.ends_at', '<=', now), eb('e.state', 'in', ['finished', 'canceled'])]));
  const [{ total }] = (await q.select((eb) => eb.fn.countAll<string>().as('total')).execute()) as [{ total: string }];
  const rows = await q
    .selectAll('e')
    .orderBy('e.starts_at', when === 'past' ? 'desc' : 'asc')
    .orderBy('e.event_id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(total), rows: await detailsOf(reader, rows) };
}

export interface AttendanceRow {
  eventId: string;
  userId: string;
  email: string;
  lang: string;
  status: AttendeeStatus;
  position: number | null;
  enrolledAt: string | null;
  waitlistedAt: string | null;
  withdrewAt: string | null;
  checkedInAt: string | null;
  checkedOutAt: string | null;
  minutesPresent: number | null;
}

const toAttendance = (r: Selectable<EventsScheduledDB['attendees']>, position: number | null): AttendanceRow => ({
  eventId: r.event_id,
  userId: r.user_id,
  email: r.email,
  lang: r.lang,
  status: r.status,
  position,
  enrolledAt: isoOrNull(r.enrolled_at),
  waitlistedAt: isoOrNull(r.waitlisted_at),
  withdrewAt: isoOrNull(r.withdrew_at),
  checkedInAt: isoOrNull(r.checked_in_at),
  checkedOutAt: isoOrNull(r.checked_out_at),
  minutesPresent: r.minutes_present,
});

/** One person's attendance in several events (my events, the published view), with their place in line. */
export async function attendanceOf(reader: Reader, userId: string, eventIds: string[]): Promise<Map<string, AttendanceRow>> {
  if (eventIds.length === 0) return new Map();
  const rows = await reader.selectFrom('attendees').selectAll().where('user_id', '=', userId).where('event_id', 'in', eventIds).execute();
  const result = new Map<string, AttendanceRow>();
  for (const r of rows) {
    let position: number | null = null;
    if (r.status === 'waitlisted' && r.waitlist_seq !== null) {
      const [{ ahead }] = (await reader
        .selectFrom('attendees')
        .select((eb) => eb.fn.countAll<string>().as('ahead'))
        .where('event_id', '=', r.event_id)
        .where('status', '=', 'waitlisted')
        .where(sql<boolean>`waitlist_seq < ${r.waitlist_seq}::bigint`)
        .execute()) as [{ ahead: string }];
      position = Number(ahead) + 1;
    }
    result.set(r.event_id, toAttendance(r, position));
  }
  return result;
}

/**
 * The attendee report of an event: enrolled first, then the waiting list in order, then who
 * withdrew; each with presence and the sum of their quiz scores on this event.
 */
export async function attendeesOf(reader: Reader, eventId: string): Promise<Omit<AttendeeRow, 'name'>[]> {
  const [rows, scores] = await Promise.all([
    reader.selectFrom('attendees').selectAll().where('event_id', '=', eventId).execute(),
    reader
      .selectFrom('quiz_answers')
      .select((eb) => ['user_id', eb.fn.sum<number>('score').as('score'), eb.fn.sum<number>('max_score').as('max_score')])
      .where('event_id', '=', eventId)
      .groupBy('user_id')
      .execute(),
  ]);
  const byUser = new Map(scores.map((s) => [s.user_id, { score: Number(s.score), max: Number(s.max_score) }]));
  const rank = { enrolled: 0, waitlisted: 1, withdrawn: 2 } as const;
  const seq = (r: (typeof rows)[number]) => (r.waitlist_seq === null ? 0n : BigInt(r.waitlist_seq));
  const ordered = [...rows].sort((a, b) => rank[a.status] - rank[b.status] || (seq(a) < seq(b) ? -1 : seq(a) > seq(b) ? 1 : 0) || a.email.localeCompare(b.email));
  let line = 0;
  return ordered.map((r) => {
    const a = toAttendance(r, r.status === 'waitlisted' ? ++line : null);
    const s = byUser.get(r.user_id);
    return {
      userId: a.userId,
      email: a.email,
      lang: a.lang,
      status: a.status,
      position: a.position,
      enrolledAt: a.enrolledAt,
      waitlistedAt: a.waitlistedAt,
      withdrewAt: a.withdrewAt,
      checkedInAt: a.checkedInAt,
      checkedOutAt: a.checkedOutAt,
      minutesPresent: a.minutesPresent,
      quizScore: s ? s.score : null,
      quizMaxScore: s ? s.max : null,
    };
  });
}

/** Whether the quiz is attached to any event (a deleted quiz must not be). */
export async function eventsWithQuiz(reader: Reader, quizId: string): Promise<string[]> {
  const rows = await reader.selectFrom('event_quizzes').select('event_id').where('quiz_id', '=', quizId).execute();
  return rows.map((r) => r.event_id);
}

export interface QuestionTally {
  questionId: string;
  answers: number;
  correct: number;
  pending: number;
  averageScore: number | null;
  /** alternative id -> times chosen */
  chosen: Map<string, number>;
}

/** A quiz's answers per question (of every event, or one). */
export async function quizTallies(reader: Reader, quizId: string, eventId?: string): Promise<{ answers: number; averageScore: number | null; questions: Map<string, QuestionTally> }> {
  let sheets = reader.selectFrom('quiz_answers').select((eb) => [eb.fn.countAll<string>().as('answers'), eb.fn.avg<number>('score').as('average')]).where('quiz_id', '=', quizId);
  let rows = reader.selectFrom('question_answers').select(['question_id', 'alternative_ids', 'correct', 'score']).where('quiz_id', '=', quizId);
  if (eventId) {
    sheets = sheets.where('event_id', '=', eventId);
    rows = rows.where('event_id', '=', eventId);
  }
  const [[sheet], answers] = await Promise.all([sheets.execute(), rows.execute()]);
  const questions = new Map<string, QuestionTally & { sum: number; scored: number }>();
  for (const a of answers) {
    const q = questions.get(a.question_id) ?? { questionId: a.question_id, answers: 0, correct: 0, pending: 0, averageScore: null, chosen: new Map(), sum: 0, scored: 0 };
    q.answers++;
    if (a.correct === true) q.correct++;
    if (a.score === null) q.pending++;
    else {
      q.sum += Number(a.score);
      q.scored++;
    }
    for (const id of list(a.alternative_ids)) q.chosen.set(id, (q.chosen.get(id) ?? 0) + 1);
    questions.set(a.question_id, q);
  }
  for (const q of questions.values()) q.averageScore = q.scored > 0 ? q.sum / q.scored : null;
  const count = Number(sheet?.answers ?? 0);
  return { answers: count, averageScore: count > 0 ? Number(sheet?.average) : null, questions };
}

/** Published events starting within `withinMs` of `now` whose reminder has not gone out (the reminder process). */
export async function dueForReminder(reader: Reader, now: string, withinMs: number, limit: number): Promise<string[]> {
  const until = new Date(Date.parse(now) + withinMs).toISOString();
  const rows = await reader
    .selectFrom('scheduled_events')
    .select('event_id')
    .where('state', '=', 'published')
    .where('reminded_at', 'is', null)
    .where('starts_at', '>', now)
    .where('starts_at', '<=', until)
    .orderBy('starts_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.event_id);
}

/** Published events whose finish was at least `afterMs` before `now` (the clock process finishes them). */
export async function dueToFinish(reader: Reader, now: string, afterMs: number, limit: number): Promise<string[]> {
  const before = new Date(Date.parse(now) - afterMs).toISOString();
  const rows = await reader.selectFrom('scheduled_events').select('event_id').where('state', '=', 'published').where('ends_at', '<=', before).orderBy('ends_at').limit(limit).execute();
  return rows.map((r) => r.event_id);
}

export interface OpenAnswerRow {
  userId: string;
  email: string;
  questionId: string;
  text: string;
  score: number | null;
  maxScore: number;
  lang: string;
  answeredAt: string;
}

/** The open answers (those with text) of an event's quiz, oldest sheet first (ADR 0062: staff read and score them). */
export async function openAnswersOf(reader: Reader, eventId: string, quizId: string): Promise<OpenAnswerRow[]> {
  const rows = await reader
    .selectFrom('question_answers as q')
    .innerJoin('quiz_answers as s', (j) => j.onRef('s.event_id', '=', 'q.event_id').onRef('s.quiz_id', '=', 'q.quiz_id').onRef('s.user_id', '=', 'q.user_id'))
    .leftJoin('attendees as a', (j) => j.onRef('a.event_id', '=', 'q.event_id').onRef('a.user_id', '=', 'q.user_id'))
    .select(['q.user_id', 'a.email', 'q.question_id', 'q.text', 'q.score', 'q.max_score', 's.lang', 's.answered_at'])
    .where('q.event_id', '=', eventId)
    .where('q.quiz_id', '=', quizId)
    .where('q.text', 'is not', null)
    .orderBy('s.answered_at')
    .orderBy('q.user_id')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    email: r.email ?? '',
    questionId: r.question_id,
    text: r.text ?? '',
    score: r.score === null ? null : Number(r.score),
    maxScore: Number(r.max_score),
    lang: r.lang,
    answeredAt: iso(r.answered_at),
  }));
}
