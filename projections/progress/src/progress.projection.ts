import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isoUtc } from '@portal/database';
import type { ParsedEvent, RecordedEvent } from '@portal/eventstore';
import { defineProjection, type ProjectionEvents } from '@portal/projections-runtime';
import { inboundAnswerEvents, progressEvents, type AnswerRecordedV1, type ProgressEvent } from '@portal/learning/contracts';
import { migrateProgress, type ProgressDB } from './schema.js';

/**
 * Read model behind station pages, locks and SCORM resume: one row per learner and station
 * (000 §3 station state), per learner and entry (entry state), per learner and SCORM entry (the
 * run-time data), and the question facts the assessment context feeds (ADR 0025). The arithmetic
 * mirrors the progress decider's evolve (tested against it).
 */
type InboundAnswer = ReturnType<typeof inboundAnswerEvents.parseRecorded>;
type Handled = ParsedEvent<ProgressEvent> | InboundAnswer;

/** learning's progress events (downloads change no row) and the inbound answers, parsed. */
const STORED = progressEvents.types.filter((t) => t !== 'PodcastEpisodeDownloaded' && t !== 'ProtectedMediaDownloaded');
const events: ProjectionEvents<Handled> = {
  types: [...STORED, ...inboundAnswerEvents.types],
  parseRecorded: (recorded: RecordedEvent) => (inboundAnswerEvents.has(recorded.type) ? inboundAnswerEvents.parseRecorded(recorded) : progressEvents.parseRecorded(recorded)),
};

export const progressProjection = defineProjection<ProgressDB, Handled>({
  name: 'progress',
  version: 3,
  events,
  migrate: migrateProgress,
  /**
   * A batch reads the rows it touches once, folds its events in memory (in order) and writes each
   * changed row back once: two statements per table per batch instead of one per event, so a
   * busy minute costs the database little more than a quiet one.
   */
  async apply(trx, schema, events) {
    const t = trx.withSchema(schema);
    const batch = new Batch();
    const progress = events.filter((e): e is ParsedEvent<ProgressEvent> => e.type !== 'AnswerSubmitted');
    for (const event of progress) batch.touch(event);
    await batch.load(t);
    for (const event of progress) batch.fold(event);
    await batch.write(t);
    // SCORM data and answers are rare: one statement each, in log order
    for (const event of events) {
      if (event.type === 'AnswerSubmitted') {
        // an integration event we cannot read is skipped, not fatal: the projection must keep running
        if (event.answer) await applyAnswer(t, event.answer);
      } else if (event.type === 'ScormStateSaved' || event.type === 'ScormCompleted') await applyScorm(t, event);
    }
  },
});

async function applyAnswer(t: Kysely<ProgressDB>, a: AnswerRecordedV1) {
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

const isoColumn = <C extends string>(column: C) => isoUtc(column).as(column);
/** An upsert's update: each listed column takes the inserted row's value. */
const fromExcluded = <C extends string>(columns: readonly C[]) => Object.fromEntries(columns.map((c) => [c, sql.ref<never>(`excluded.${c}`)])) as Record<C, RawBuilder<never>>;

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
    if (event.type === 'StationVisited' || event.type === 'StationFeedbackGiven' || event.type === 'StationMediaCompleted') {
      const { actor, stationId } = event.data;
      this.stationKeys.set(key(actor, stationId), [actor, stationId]);
    } else if (event.type !== 'ScormCompleted' && event.type !== 'PodcastEpisodeDownloaded' && event.type !== 'ProtectedMediaDownloaded' && 'entryId' in event.data && event.data.entryId) {
      const { actor, entryId } = event.data;
      this.entryKeys.set(key(actor, entryId), [actor, entryId]);
    }
  }

  async load(t: Kysely<ProgressDB>): Promise<void> {
    for (const chunk of chunks([...this.entryKeys.values()])) {
      const rows = await t
        .selectFrom('entry_states')
        .select([...ENTRY_VALUES, ...ENTRY_TIMES.map(isoColumn)])
        .where((eb) => eb(eb.refTuple('actor', 'entry_id'), 'in', chunk.map(([a, e]) => eb.tuple(a, e))))
        .execute();
      for (const r of rows) {
        this.entries.set(key(r.actor, r.entry_id), {
          ...r,
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
      for (const r of rows) this.stations.set(key(r.actor, r.station_id), { ...r, visits_count: Number(r.visits_count), feedback_score: r.feedback_score === null ? null : Number(r.feedback_score) });
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

  async write(t: Kysely<ProgressDB>): Promise<void> {
    const entries = [...this.dirtyEntries].map((k) => this.entries.get(k)!).map((r) => ({ ...r, media_state: JSON.stringify(r.media_state) }));
    for (const chunk of chunks(entries)) {
      await t
        .insertInto('entry_states')
        .values(chunk)
        .onConflict((oc) => oc.columns(['actor', 'entry_id']).doUpdateSet(fromExcluded([...ENTRY_VALUES, ...ENTRY_TIMES].filter((c) => c !== 'actor' && c !== 'entry_id'))))
        .execute();
    }
    const stations = [...this.dirtyStations].map((k) => this.stations.get(k)!);
    for (const chunk of chunks(stations)) {
      await t
        .insertInto('station_states')
        .values(chunk)
        .onConflict((oc) => oc.columns(['actor', 'station_id']).doUpdateSet(fromExcluded([...STATION_VALUES, ...STATION_TIMES].filter((c) => c !== 'actor' && c !== 'station_id'))))
        .execute();
    }
  }
}

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

async function applyScorm(t: Kysely<ProgressDB>, event: ProgressEvent) {
  if (event.type === 'ScormStateSaved' && event.data.scoId !== undefined) {
    const d = event.data;
    const scoId = d.scoId ?? '';
    const sco = JSON.stringify({ [scoId]: { cmi: d.cmi, savedAt: d.savedAt } });
    await t
      .insertInto('scorm_states')
      .values({ actor: d.actor, entry_id: d.entryId, station_id: d.stationId, version: d.version, scos: sco, current_sco_id: scoId, sequencing: d.sequencing ?? null, revision: d.revision ?? null, lesson_status: d.lessonStatus, score: d.score ?? null, saved_at: d.savedAt })
      .onConflict((oc) =>
        oc.columns(['actor', 'entry_id']).doUpdateSet({
          scos: sql`scorm_states.scos || ${sco}::jsonb`,
          revision: sql<number | null>`coalesce(scorm_states.revision, ${d.revision ?? null}::integer)`,
          current_sco_id: scoId,
          sequencing: sql`coalesce(${d.sequencing ?? null}::text, scorm_states.sequencing)`,
          lesson_status: d.lessonStatus,
          saved_at: d.savedAt,
          version: d.version,
          score: sql<number | null>`coalesce(${d.score ?? null}::double precision, scorm_states.score)`,
        }),
      )
      .execute();
  } else if (event.type === 'ScormStateSaved') {
    const d = event.data;
    await t
      .insertInto('scorm_states')
      .values({ actor: d.actor, entry_id: d.entryId, station_id: d.stationId, version: d.version, cmi: JSON.stringify(d.cmi), revision: d.revision ?? null, lesson_status: d.lessonStatus, score: d.score ?? null, saved_at: d.savedAt })
      .onConflict((oc) =>
        oc.columns(['actor', 'entry_id']).doUpdateSet({
          cmi: JSON.stringify(d.cmi),
          lesson_status: d.lessonStatus,
          saved_at: d.savedAt,
          version: d.version,
          score: sql`coalesce(${d.score ?? null}::double precision, scorm_states.score)`,
          // the attempt stays on the revision its first commit pinned (issue 27)
          revision: sql<number | null>`coalesce(scorm_states.revision, ${d.revision ?? null}::integer)`,
        }),
      )
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
