import { sql, type Kysely, type Transaction } from 'kysely';
import { isoUtc } from '@portal/database';
import type { RecordedEvent } from '@portal/eventstore';
import type { ProjectionDefinition } from '@portal/projections-runtime';
import { answerRecordedV1Schema, INBOUND_ANSWER_EVENT_TYPES, PROGRESS_EVENT_TYPES, type ProgressEvent } from '@portal/learning/contracts';

/**
 * Read model behind station pages, locks and SCORM resume: one row per learner and station
 * (000 §3 station state), per learner and entry (entry state), per learner and SCORM entry (the
 * run-time data), and the question facts the assessment context feeds (ADR 0025). The arithmetic
 * mirrors the progress decider's evolve (tested against it).
 */
const STORED: string[] = PROGRESS_EVENT_TYPES.filter((t) => t !== 'PodcastEpisodeDownloaded' && t !== 'ProtectedMediaDownloaded');

export const progressProjection: ProjectionDefinition = {
  name: 'progress',
  version: 1,
  eventTypes: [...STORED, ...INBOUND_ANSWER_EVENT_TYPES],
  async migrate(db: Kysely<any>, schema: string) {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('station_states')
      .ifNotExists()
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addColumn('visits_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('first_visit_at', 'timestamptz')
      .addColumn('last_visit_at', 'timestamptz')
      .addColumn('view_type', 'text')
      .addColumn('feedback_score', 'integer')
      .addColumn('videos_completed_at', 'timestamptz')
      .addPrimaryKeyConstraint('station_states_pk', ['actor', 'station_id'])
      .execute();
    await s
      .createTable('entry_states')
      .ifNotExists()
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('entry_id', 'text', (c) => c.notNull())
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('play_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('completed_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duration', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('percent', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('seconds', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('completed_at', 'timestamptz')
      .addColumn('first_play_at', 'timestamptz')
      .addColumn('last_play_at', 'timestamptz')
      .addColumn('updated_at', 'timestamptz')
      .addColumn('views_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('first_view_at', 'timestamptz')
      .addColumn('last_view_at', 'timestamptz')
      .addColumn('bookmark_at', 'timestamptz')
      .addColumn('feedback_score', 'integer')
      .addColumn('media_state', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addPrimaryKeyConstraint('entry_states_pk', ['actor', 'entry_id'])
      .execute();
    await s
      .createTable('scorm_states')
      .ifNotExists()
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('entry_id', 'text', (c) => c.notNull())
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('cmi', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('lesson_status', 'text')
      .addColumn('saved_at', 'timestamptz')
      .addColumn('status', 'text')
      .addColumn('score', 'double precision')
      .addColumn('completed_at', 'timestamptz')
      .addPrimaryKeyConstraint('scorm_states_pk', ['actor', 'entry_id'])
      .execute();
    await s
      .createTable('question_facts')
      .ifNotExists()
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('question_id', 'text', (c) => c.notNull())
      .addColumn('station_id', 'text')
      .addColumn('entry_id', 'text')
      .addColumn('is_correct', 'boolean', (c) => c.notNull())
      .addColumn('answered_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('question_facts_pk', ['actor', 'question_id'])
      .execute();
  },
  /**
   * A batch reads the rows it touches once, folds its events in memory (in order) and writes each
   * changed row back once: two statements per table per batch instead of one per event, so a
   * busy minute costs the database little more than a quiet one.
   */
  async apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]) {
    const t = trx.withSchema(schema);
    const batch = new Batch();
    const progress: ProgressEvent[] = [];
    for (const recorded of events) {
      if ((INBOUND_ANSWER_EVENT_TYPES as readonly string[]).includes(recorded.type)) continue;
      const event = { type: recorded.type, data: recorded.data } as unknown as ProgressEvent;
      progress.push(event);
      batch.touch(event);
    }
    await batch.load(t);
    for (const event of progress) batch.fold(event);
    await batch.write(t);
    // SCORM data and answers are rare: one statement each, in log order
    for (const recorded of events) {
      if ((INBOUND_ANSWER_EVENT_TYPES as readonly string[]).includes(recorded.type)) await applyAnswer(t, recorded);
      else if (recorded.type === 'ScormStateSaved' || recorded.type === 'ScormCompleted') await applyScorm(t, { type: recorded.type, data: recorded.data } as unknown as ProgressEvent);
    }
  },
};

async function applyAnswer(t: Kysely<any>, recorded: RecordedEvent) {
  // an integration event we cannot read is skipped, not fatal: the projection must keep running
  const parsed = answerRecordedV1Schema.safeParse({ type: recorded.type, ...recorded.data });
  if (!parsed.success) return;
  const a = parsed.data;
  await t
    .insertInto('question_facts')
    .values({ actor: a.actor, question_id: a.questionId, station_id: a.stationId, entry_id: a.entryId, is_correct: a.isCorrect, answered_at: a.answeredAt })
    .onConflict((oc) =>
      oc.columns(['actor', 'question_id']).doUpdateSet((eb) => ({
        station_id: eb.ref('excluded.station_id'),
        entry_id: eb.ref('excluded.entry_id'),
        is_correct: eb.ref('excluded.is_correct'),
        answered_at: eb.ref('excluded.answered_at'),
      })),
    )
    .execute();
}

const isoColumn = (column: string) => isoUtc(column).as(column);

interface EntryRow {
  actor: string;
  entry_id: string;
  station_id: string;
  type: string;
  play_count: number;
  completed_count: number;
  duration: number;
  percent: number;
  seconds: number;
  completed_at: string | null;
  first_play_at: string | null;
  last_play_at: string | null;
  updated_at: string | null;
  views_count: number;
  first_view_at: string | null;
  last_view_at: string | null;
  bookmark_at: string | null;
  feedback_score: number | null;
  media_state: Record<string, unknown>;
}
interface StationRow {
  actor: string;
  station_id: string;
  visits_count: number;
  first_visit_at: string | null;
  last_visit_at: string | null;
  view_type: string | null;
  feedback_score: number | null;
  videos_completed_at: string | null;
}
const ENTRY_TIMES = ['completed_at', 'first_play_at', 'last_play_at', 'updated_at', 'first_view_at', 'last_view_at', 'bookmark_at'] as const;
const ENTRY_VALUES = ['actor', 'entry_id', 'station_id', 'type', 'play_count', 'completed_count', 'duration', 'percent', 'seconds', 'views_count', 'feedback_score', 'media_state'] as const;
const STATION_TIMES = ['first_visit_at', 'last_visit_at', 'videos_completed_at'] as const;
const STATION_VALUES = ['actor', 'station_id', 'visits_count', 'view_type', 'feedback_score'] as const;
const CHUNK = 500;

const percentOf = (seconds: number, duration: number) => (duration <= 0 ? 0 : Math.floor(seconds) >= Math.floor(duration) ? 1 : Math.min(1, Math.max(0, seconds / duration)));
const key = (a: string, b: string) => `${a}\u0000${b}`;

/** The rows one batch touches, folded in memory with the same arithmetic as the progress decider's evolve. */
class Batch {
  private readonly entryKeys = new Map<string, [string, string]>();
  private readonly stationKeys = new Map<string, [string, string]>();
  private readonly entries = new Map<string, EntryRow>();
  private readonly stations = new Map<string, StationRow>();
  private readonly dirtyEntries = new Set<string>();
  private readonly dirtyStations = new Set<string>();

  touch(event: ProgressEvent): void {
    const d = event.data as { actor: string; stationId: string; entryId?: string };
    if (event.type === 'StationVisited' || event.type === 'StationFeedbackGiven' || event.type === 'StationMediaCompleted') this.stationKeys.set(key(d.actor, d.stationId), [d.actor, d.stationId]);
    else if (d.entryId && event.type !== 'ScormCompleted' && event.type !== 'PodcastEpisodeDownloaded' && event.type !== 'ProtectedMediaDownloaded') this.entryKeys.set(key(d.actor, d.entryId), [d.actor, d.entryId]);
  }

  async load(t: Kysely<any>): Promise<void> {
    for (const chunk of chunks([...this.entryKeys.values()])) {
      const rows = await t
        .selectFrom('entry_states')
        .select([...ENTRY_VALUES, ...ENTRY_TIMES.map(isoColumn)])
        .where((eb) => eb(eb.refTuple('actor', 'entry_id'), 'in', chunk.map(([a, e]) => eb.tuple(a, e))))
        .execute();
      for (const r of rows) {
        this.entries.set(key(r.actor, r.entry_id), {
          ...(r as unknown as EntryRow),
          play_count: Number(r.play_count),
          completed_count: Number(r.completed_count),
          duration: Number(r.duration),
          percent: Number(r.percent),
          seconds: Number(r.seconds),
          views_count: Number(r.views_count),
          feedback_score: r.feedback_score === null ? null : Number(r.feedback_score),
          media_state: typeof r.media_state === 'string' ? JSON.parse(r.media_state) : (r.media_state ?? {}),
        });
      }
    }
    for (const chunk of chunks([...this.stationKeys.values()])) {
      const rows = await t
        .selectFrom('station_states')
        .select([...STATION_VALUES, ...STATION_TIMES.map(isoColumn)])
        .where((eb) => eb(eb.refTuple('actor', 'station_id'), 'in', chunk.map(([a, s]) => eb.tuple(a, s))))
        .execute();
      for (const r of rows) this.stations.set(key(r.actor, r.station_id), { ...(r as unknown as StationRow), visits_count: Number(r.visits_count), feedback_score: r.feedback_score === null ? null : Number(r.feedback_score) });
    }
  }

  private entry(actor: string, stationId: string, entryId: string, type: string): EntryRow {
    const k = key(actor, entryId);
    let row = this.entries.get(k);
    if (!row) {
      row = {
        actor,
        entry_id: entryId,
        station_id: stationId,
        type,
        play_count: 0,
        completed_count: 0,
        duration: 0,
        percent: 0,
        seconds: 0,
        completed_at: null,
        first_play_at: null,
        last_play_at: null,
        updated_at: null,
        views_count: 0,
        first_view_at: null,
        last_view_at: null,
        bookmark_at: null,
        feedback_score: null,
        media_state: {},
      };
      this.entries.set(k, row);
    }
    row.station_id = stationId;
    this.dirtyEntries.add(k);
    return row;
  }

  private station(actor: string, stationId: string): StationRow {
    const k = key(actor, stationId);
    let row = this.stations.get(k);
    if (!row) {
      row = { actor, station_id: stationId, visits_count: 0, first_visit_at: null, last_visit_at: null, view_type: null, feedback_score: null, videos_completed_at: null };
      this.stations.set(k, row);
    }
    this.dirtyStations.add(k);
    return row;
  }

  fold(event: ProgressEvent): void {
    switch (event.type) {
      case 'StationVisited': {
        const d = event.data;
        const s = this.station(d.actor, d.stationId);
        s.visits_count += 1;
        s.first_visit_at ??= d.visitedAt;
        s.last_visit_at = d.visitedAt;
        s.view_type = d.viewType;
        return;
      }
      case 'StationFeedbackGiven':
        this.station(event.data.actor, event.data.stationId).feedback_score = event.data.score;
        return;
      case 'StationMediaCompleted': {
        const s = this.station(event.data.actor, event.data.stationId);
        s.videos_completed_at ??= event.data.completedAt;
        return;
      }
      case 'ContentViewed': {
        const d = event.data;
        const e = this.entry(d.actor, d.stationId, d.entryId, d.entryType);
        e.views_count += 1;
        e.first_view_at ??= d.viewedAt;
        e.last_view_at = d.viewedAt;
        e.updated_at = d.viewedAt;
        return;
      }
      case 'MediaStarted': {
        const d = event.data;
        const e = this.entry(d.actor, d.stationId, d.entryId, d.entryType);
        e.play_count += 1;
        if (d.duration > 0) e.duration = d.duration;
        e.seconds = d.seconds;
        e.percent = percentOf(d.seconds, d.duration);
        e.first_play_at ??= d.startedAt;
        e.last_play_at = d.startedAt;
        e.updated_at = d.startedAt;
        return;
      }
      case 'MediaProgressed': {
        const d = event.data;
        const e = this.entry(d.actor, d.stationId, d.entryId, 'video');
        e.duration = d.duration;
        e.seconds = d.seconds;
        e.percent = d.percent;
        e.last_play_at = d.at;
        e.updated_at = d.at;
        return;
      }
      case 'MediaCompleted': {
        const d = event.data;
        const e = this.entry(d.actor, d.stationId, d.entryId, d.entryType);
        e.completed_count += 1;
        e.play_count = Math.max(e.play_count, e.completed_count);
        e.completed_at ??= d.completedAt;
        e.percent = 1;
        if (d.duration > 0) {
          e.duration = d.duration;
          e.seconds = d.duration;
        }
        e.last_play_at = d.completedAt;
        e.first_play_at ??= d.completedAt;
        e.updated_at = d.completedAt;
        return;
      }
      case 'BookmarkAdded':
        this.entry(event.data.actor, event.data.stationId, event.data.entryId, 'video').bookmark_at = event.data.bookmarkAt;
        return;
      case 'BookmarkRemoved': {
        const k = key(event.data.actor, event.data.entryId);
        // removing a bookmark of an entry never seen creates no row
        if (this.entries.has(k)) this.entry(event.data.actor, event.data.stationId, event.data.entryId, 'video').bookmark_at = null;
        return;
      }
      case 'ContentFeedbackGiven': {
        const e = this.entry(event.data.actor, event.data.stationId, event.data.entryId, 'video');
        e.feedback_score = event.data.score;
        e.updated_at = event.data.givenAt;
        return;
      }
      case 'MediaStateSaved': {
        const e = this.entry(event.data.actor, event.data.stationId, event.data.entryId, 'video');
        e.media_state = { ...e.media_state, [event.data.mediaId]: event.data.data };
        return;
      }
      case 'ScormStateSaved': {
        const d = event.data;
        const e = this.entry(d.actor, d.stationId, d.entryId, 'scorm');
        e.updated_at = d.savedAt;
        e.last_play_at = d.savedAt;
        e.first_play_at ??= d.savedAt;
        return;
      }
      case 'ScormCompleted':
      case 'PodcastEpisodeDownloaded':
      case 'ProtectedMediaDownloaded':
        return;
      default: {
        const exhaustive: never = event;
        void exhaustive;
      }
    }
  }

  async write(t: Kysely<any>): Promise<void> {
    const entries = [...this.dirtyEntries].map((k) => this.entries.get(k)!).map((r) => ({ ...r, media_state: JSON.stringify(r.media_state) }));
    for (const chunk of chunks(entries)) {
      await t
        .insertInto('entry_states')
        .values(chunk)
        .onConflict((oc) => oc.columns(['actor', 'entry_id']).doUpdateSet((eb) => Object.fromEntries(Object.keys(chunk[0]!).filter((c) => c !== 'actor' && c !== 'entry_id').map((c) => [c, eb.ref(`excluded.${c}`)]))))
        .execute();
    }
    const stations = [...this.dirtyStations].map((k) => this.stations.get(k)!);
    for (const chunk of chunks(stations)) {
      await t
        .insertInto('station_states')
        .values(chunk)
        .onConflict((oc) => oc.columns(['actor', 'station_id']).doUpdateSet((eb) => Object.fromEntries(Object.keys(chunk[0]!).filter((c) => c !== 'actor' && c !== 'station_id').map((c) => [c, eb.ref(`excluded.${c}`)]))))
        .execute();
    }
  }
}

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

async function applyScorm(t: Kysely<any>, event: ProgressEvent) {
  if (event.type === 'ScormStateSaved') {
    const d = event.data;
    await t
      .insertInto('scorm_states')
      .values({ actor: d.actor, entry_id: d.entryId, station_id: d.stationId, version: d.version, cmi: JSON.stringify(d.cmi), lesson_status: d.lessonStatus, saved_at: d.savedAt })
      .onConflict((oc) => oc.columns(['actor', 'entry_id']).doUpdateSet({ cmi: JSON.stringify(d.cmi), lesson_status: d.lessonStatus, saved_at: d.savedAt, version: d.version }))
      .execute();
  } else if (event.type === 'ScormCompleted') {
    const d = event.data;
    await t
      .insertInto('scorm_states')
      .values({ actor: d.actor, entry_id: d.entryId, station_id: d.stationId, version: d.version, lesson_status: d.status, status: d.status, score: d.score, completed_at: d.completedAt })
      .onConflict((oc) =>
        oc.columns(['actor', 'entry_id']).doUpdateSet({
          status: d.status,
          score: d.score,
          completed_at: sql`coalesce(scorm_states.completed_at, ${d.completedAt}::timestamptz)`,
          lesson_status: sql`coalesce(scorm_states.lesson_status, ${d.status})`,
        }),
      )
      .execute();
  }
}
