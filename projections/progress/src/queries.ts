import type { Kysely } from 'kysely';
import { isoUtc, jsonValue } from '@portal/database';
import type { EntryState, StationState } from '@portal/learning/contracts';
import type { ProgressDB } from './schema.js';
import { isoOrNull } from '@portal/kernel';

const isoColumn = <C extends string>(column: C) => isoUtc(column).as(column);
const ENTRY_TIMES = ['completed_at', 'first_play_at', 'last_play_at', 'updated_at', 'first_view_at', 'last_view_at', 'bookmark_at'] as const;
const ENTRY_COLUMNS = ['entry_id', 'station_id', 'type', 'play_count', 'completed_count', 'duration', 'percent', 'seconds', 'views_count', 'feedback_score', 'media_state'] as const;
const STATION_COLUMNS = ['station_id', 'visits_count', 'view_type', 'feedback_score'] as const;
const STATION_TIMES = ['first_visit_at', 'last_visit_at', 'videos_completed_at'] as const;
const SCORM_COLUMNS = ['entry_id', 'station_id', 'version', 'cmi', 'scos', 'current_sco_id', 'sequencing', 'revision', 'lesson_status', 'status', 'score'] as const;
const SCORM_TIMES = ['saved_at', 'completed_at'] as const;
const parse = jsonValue;

/**
 * One learner's state of one entry as the read model holds it: the entry state of 000 §3 (the
 * learning contract's) without what the catalogue and the answers add, with its ids.
 */
export type EntryStateRow = Omit<EntryState, 'rowId' | 'type' | 'answers'> & { entryId: string; stationId: string; type: string };

/** One learner's state of one station: the station state of 000 §3 without its entries' states. */
export type StationStateRow = Omit<StationState, 'videosState'>;

export interface QuestionFactRow {
  questionId: string;
  stationId: string | null;
  entryId: string | null;
  isCorrect: boolean;
  answeredAt: string;
}

export interface ScormStateRow {
  entryId: string;
  stationId: string;
  version: '1.2' | '2004';
  cmi: Record<string, string>;
  /** multi-SCO packages: each SCO's run-time data, the last SCO saved, the sequencing state */
  scos: Record<string, { cmi: Record<string, string>; savedAt: string | null }>;
  currentScoId: string | null;
  sequencing: string | null;
  /** the station revision the attempt plays (issue 27), null before its first commit pinned one */
  revision: number | null;
  lessonStatus: string | null;
  savedAt: string | null;
  status: 'completed' | 'passed' | null;
  score: number | null;
  completedAt: string | null;
}

export interface LearnerProgress {
  entries: EntryStateRow[];
  stations: StationStateRow[];
  answers: QuestionFactRow[];
}

const toEntry = (r: Record<string, unknown>): EntryStateRow => ({
  entryId: String(r.entry_id),
  stationId: String(r.station_id),
  type: String(r.type),
  playCount: Number(r.play_count),
  completedCount: Number(r.completed_count),
  duration: Number(r.duration),
  percent: Number(r.percent),
  seconds: Number(r.seconds),
  completedAt: isoOrNull(r.completed_at),
  firstPlayAt: isoOrNull(r.first_play_at),
  lastPlayAt: isoOrNull(r.last_play_at),
  updatedAt: isoOrNull(r.updated_at),
  viewsCount: Number(r.views_count),
  firstViewAt: isoOrNull(r.first_view_at),
  lastViewAt: isoOrNull(r.last_view_at),
  bookmarkAt: isoOrNull(r.bookmark_at),
  feedbackScore: r.feedback_score === null || r.feedback_score === undefined ? null : Number(r.feedback_score),
  mediaState: parse(r.media_state ?? {}),
});

const toStation = (r: Record<string, unknown>): StationStateRow => ({
  stationId: String(r.station_id),
  visitsCount: Number(r.visits_count),
  firstVisitAt: isoOrNull(r.first_visit_at),
  lastVisitAt: isoOrNull(r.last_visit_at),
  viewType: (r.view_type as StationStateRow['viewType']) ?? null,
  feedbackScore: r.feedback_score === null || r.feedback_score === undefined ? null : Number(r.feedback_score),
  videosCompletedAt: isoOrNull(r.videos_completed_at),
});

/** Everything one learner has done (station pages, locks and progress need all of it). */
export async function loadLearnerProgress(reader: Kysely<ProgressDB>, actor: string): Promise<LearnerProgress> {
  const [entries, stations, answers] = await Promise.all([
    reader.selectFrom('entry_states').select([...ENTRY_COLUMNS, ...ENTRY_TIMES.map(isoColumn)]).where('actor', '=', actor).execute(),
    reader.selectFrom('station_states').select([...STATION_COLUMNS, ...STATION_TIMES.map(isoColumn)]).where('actor', '=', actor).execute(),
    loadAnswers(reader, actor),
  ]);
  return { entries: entries.map(toEntry), stations: stations.map(toStation), answers };
}

/** The question facts of one learner (fed by the assessment context; empty until it exists). */
export async function loadAnswers(reader: Kysely<ProgressDB>, actor: string): Promise<QuestionFactRow[]> {
  const rows = await reader.selectFrom('question_facts').select(['question_id', 'station_id', 'entry_id', 'is_correct', isoColumn('answered_at')]).where('actor', '=', actor).execute();
  return rows.map((r) => ({
    questionId: String(r.question_id),
    stationId: (r.station_id as string | null) ?? null,
    entryId: (r.entry_id as string | null) ?? null,
    isCorrect: r.is_correct === true,
    answeredAt: isoOrNull(r.answered_at)!,
  }));
}

export async function findEntryState(reader: Kysely<ProgressDB>, actor: string, entryId: string): Promise<EntryStateRow | null> {
  const row = await reader.selectFrom('entry_states').select([...ENTRY_COLUMNS, ...ENTRY_TIMES.map(isoColumn)]).where('actor', '=', actor).where('entry_id', '=', entryId).executeTakeFirst();
  return row ? toEntry(row) : null;
}

const toScorm = (r: Record<string, unknown>): ScormStateRow => ({
  entryId: String(r.entry_id),
  stationId: String(r.station_id),
  version: r.version as ScormStateRow['version'],
  cmi: parse(r.cmi ?? {}),
  scos: parse(r.scos ?? {}),
  currentScoId: (r.current_sco_id as string | null) ?? null,
  sequencing: (r.sequencing as string | null) ?? null,
  revision: r.revision === null || r.revision === undefined ? null : Number(r.revision),
  lessonStatus: (r.lesson_status as string | null) ?? null,
  savedAt: isoOrNull(r.saved_at),
  status: (r.status as ScormStateRow['status']) ?? null,
  score: r.score === null || r.score === undefined ? null : Number(r.score),
  completedAt: isoOrNull(r.completed_at),
});

export async function findScormState(reader: Kysely<ProgressDB>, actor: string, entryId: string): Promise<ScormStateRow | null> {
  const row = await reader.selectFrom('scorm_states').select([...SCORM_COLUMNS, ...SCORM_TIMES.map(isoColumn)]).where('actor', '=', actor).where('entry_id', '=', entryId).executeTakeFirst();
  return row ? toScorm(row) : null;
}

export async function listScormStates(reader: Kysely<ProgressDB>, actor: string): Promise<ScormStateRow[]> {
  return (await reader.selectFrom('scorm_states').select([...SCORM_COLUMNS, ...SCORM_TIMES.map(isoColumn)]).where('actor', '=', actor).execute()).map(toScorm);
}
