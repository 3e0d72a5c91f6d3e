import { AppError } from '@portal/kernel';
import type { EntryType } from '../contracts/pack.js';
import { progressEvents, type CompletionVia, type ProgressCause, type ProgressEvent, type ScormVersion, type ViewType } from '../contracts/events.js';
import type { LockState } from '../contracts/http.js';
import { scormLimitViolations } from './scorm-limits.js';
import { scormRuntimeOf } from './scorm-runtime.js';

/**
 * One learner's progress in one station (stream learning.progress-<actor>-<stationId>), as a pure
 * decider: the rules of 000 §4.2. Time, the catalogue facts and the lock verdict arrive in commands.
 */

/** 000 §9 completion threshold. */
export const COMPLETION_THRESHOLD = 0.99;
/** Play sessions remembered per entry (a session older than this would count a second play). */
export const REMEMBERED_SESSIONS = 100;
/** A progress tick closer than this (in time and position) to the last recorded one adds nothing. */
export const COALESCE_MS = 5_000;
export const COALESCE_SECONDS = 5;
/** Position may overshoot the duration by rounding, not more. */
export const DURATION_TOLERANCE_SECONDS = 1;

/** One SCO's run-time data in a multi-SCO package (issue 27). */
export interface ScoState {
  cmi: Record<string, string>;
  savedAt: string;
}

export interface ScormProgressState {
  version: ScormVersion;
  cmi: Record<string, string>;
  /** multi-SCO packages: each SCO's own run-time data, the last SCO saved, the sequencing state */
  scos?: Record<string, ScoState>;
  currentScoId?: string | null;
  sequencing?: string | null;
  /** the station revision the attempt began on (its first commit's), null before one is pinned (issue 27) */
  revision?: number | null;
  lessonStatus: string | null;
  savedAt: string | null;
  status: 'completed' | 'passed' | null;
  score: number | null;
  completedAt: string | null;
}

export interface EntryProgress {
  entryId: string;
  type: EntryType;
  playCount: number;
  completedCount: number;
  duration: number;
  percent: number;
  seconds: number;
  completedAt: string | null;
  firstPlayAt: string | null;
  lastPlayAt: string | null;
  updatedAt: string | null;
  viewsCount: number;
  firstViewAt: string | null;
  lastViewAt: string | null;
  bookmarkAt: string | null;
  feedbackScore: number | null;
  /** play sessions already counted (newest last) */
  sessions: string[];
  /** sessions that already completed the entry (completion counts once per session) */
  completedSessions: string[];
  lastTick: { playSessionId: string; seconds: number; at: string } | null;
  mediaState: Record<string, Record<string, unknown>>;
  scorm: ScormProgressState | null;
}

export interface ProgressState {
  visitsCount: number;
  firstVisitAt: string | null;
  lastVisitAt: string | null;
  viewType: ViewType | null;
  feedbackScore: number | null;
  videosCompletedAt: string | null;
  entries: Record<string, EntryProgress>;
}

export const initialProgressState = (): ProgressState => ({
  visitsCount: 0,
  firstVisitAt: null,
  lastVisitAt: null,
  viewType: null,
  feedbackScore: null,
  videosCompletedAt: null,
  entries: {},
});

export const emptyEntry = (entryId: string, type: EntryType): EntryProgress => ({
  entryId,
  type,
  playCount: 0,
  completedCount: 0,
  duration: 0,
  percent: 0,
  seconds: 0,
  completedAt: null,
  firstPlayAt: null,
  lastPlayAt: null,
  updatedAt: null,
  viewsCount: 0,
  firstViewAt: null,
  lastViewAt: null,
  bookmarkAt: null,
  feedbackScore: null,
  sessions: [],
  completedSessions: [],
  lastTick: null,
  mediaState: {},
  scorm: null,
});

/** The catalogue facts a command needs about its entry and station (from the catalogue read model). */
export interface EntryFacts {
  entryId: string;
  type: EntryType;
  /** seconds in the catalogue; 0 for documents and links */
  duration: number;
  scormVersion?: ScormVersion | null;
  /** a package played by SCO (several SCOs, or a lone asset): its SCOs in the organization's order (from the manifest) */
  scoIds?: string[];
}

/** What scorm-again's sequencing rolled up to a 2004 course's root activity. */
export interface ScormRollup {
  completion: 'completed' | 'incomplete' | 'not attempted' | 'unknown';
  success: 'passed' | 'failed' | 'unknown';
  score: number | null;
}
export interface StationFacts {
  /** every active entry of the station and whether it is optional (videosCompletedAt) */
  entries: { entryId: string; optional: boolean }[];
}

const UNLOCKED: LockState = { locked: false, reason: null, message: null, params: {}, requiredEntryIds: [], requiredStationIds: [] };
export const unlocked = (): LockState => ({ ...UNLOCKED, params: {}, requiredEntryIds: [], requiredStationIds: [] });

export type ProgressCommand =
  | { type: 'VisitStation'; data: { actor: string; stationId: string; viewType: ViewType; now: string } }
  | { type: 'GiveStationFeedback'; data: { actor: string; stationId: string; score: number; now: string } }
  | { type: 'ViewContent'; data: { actor: string; stationId: string; entry: EntryFacts; station: StationFacts; lock: LockState; now: string } }
  | {
      type: 'TrackPlay';
      data: {
        actor: string;
        stationId: string;
        entry: EntryFacts;
        station: StationFacts;
        lock: LockState;
        event: 'play' | ProgressCause | 'end';
        playSessionId: string;
        seconds: number;
        duration: number;
        now: string;
      };
    }
  | { type: 'SetBookmark'; data: { actor: string; stationId: string; entry: EntryFacts; value: boolean; now: string } }
  | { type: 'GiveContentFeedback'; data: { actor: string; stationId: string; entry: EntryFacts; score: number; now: string } }
  | { type: 'SaveMediaState'; data: { actor: string; stationId: string; entry: EntryFacts; mediaId: string; state: Record<string, unknown>; now: string } }
  | {
      type: 'SaveScormState';
      data: {
        actor: string;
        stationId: string;
        entry: EntryFacts;
        station: StationFacts;
        lock: LockState;
        cmi: Record<string, string>;
        /** multi-SCO: the SCO this data is of, the course's roll-up by the sequencing, its state */
        scoId?: string;
        rollup?: ScormRollup;
        sequencing?: string;
        /** the station revision this commit was played on (the entry facts are that revision's) */
        revision?: number;
        now: string;
      };
    }
  | {
      type: 'ReportScormStatus';
      data: { actor: string; stationId: string; entry: EntryFacts; station: StationFacts; lock: LockState; status: string; score: number | null; now: string };
    }
  | { type: 'RecordDownload'; data: { actor: string; stationId: string; entry: EntryFacts; lang: 'pt-BR' | 'es' | 'en'; linkId: string; now: string } };

/** entries without a timeline the player can report: opening one and sending `end` completes it */
const DOCUMENT_TYPES: EntryType[] = ['pdf', 'iframe', 'iframe-video', 'link'];
export const isDocument = (type: EntryType) => DOCUMENT_TYPES.includes(type);

/** Watch percent (000 §4.2): 1 once whole seconds reach duration. */
export function watchPercent(seconds: number, duration: number): number {
  if (duration <= 0) return 0;
  if (Math.floor(seconds) >= Math.floor(duration)) return 1;
  return Math.min(1, Math.max(0, seconds / duration));
}

function refuseLocked(lock: LockState): void {
  if (!lock.locked) return;
  const params: Record<string, string | number> = { lockMessage: lock.message ?? 'lockState.incompleteContentMessage' };
  if (lock.params.minAnswers !== undefined) params.minAnswers = lock.params.minAnswers;
  throw new AppError('403', 'This content is locked', undefined, params);
}

const bad = (path: string, message: string): never => {
  throw new AppError('app/bed-request', 'Invalid request', [{ path, message }]);
};

/**
 * The duration a tick is measured against: the player's, when it agrees with the catalogue
 * (within half to one and a half times, plus 5 s for encodings); the catalogue's when the player
 * does not know it yet.
 */
export function effectiveDuration(reported: number, catalogue: number): number {
  if (catalogue > 0 && reported > 0 && (reported > catalogue * 1.5 + 5 || reported < catalogue * 0.5 - 5)) {
    bad('duration', `does not match the media (${catalogue} s)`);
  }
  return reported > 0 ? reported : catalogue;
}

/** The completion facts once this command's events are folded: StationMediaCompleted when it is the last one. */
function stationCompletion(state: ProgressState, events: ProgressEvent[], actor: string, stationId: string, station: StationFacts, now: string): ProgressEvent[] {
  if (state.videosCompletedAt !== null) return [];
  if (!events.some((e) => e.type === 'MediaCompleted')) return [];
  const next = events.reduce(evolveProgress, state);
  const required = station.entries.filter((e) => !e.optional);
  if (!required.every((e) => next.entries[e.entryId]?.completedAt)) return [];
  return [{ type: 'StationMediaCompleted', data: { actor, stationId, entryIds: required.map((e) => e.entryId), completedAt: now } }];
}

export function decideProgress(command: ProgressCommand, state: ProgressState): ProgressEvent[] {
  switch (command.type) {
    case 'VisitStation': {
      const { actor, stationId, viewType, now } = command.data;
      return [{ type: 'StationVisited', data: { actor, stationId, viewType, visitedAt: now } }];
    }
    case 'GiveStationFeedback': {
      const { actor, stationId, score, now } = command.data;
      if (!Number.isInteger(score) || score < 1 || score > 5) bad('feedbackScore', 'an integer from 1 to 5');
      if (state.feedbackScore === score) return [];
      return [{ type: 'StationFeedbackGiven', data: { actor, stationId, score, givenAt: now } }];
    }
    case 'ViewContent': {
      const { actor, stationId, entry, lock, now } = command.data;
      refuseLocked(lock);
      return [{ type: 'ContentViewed', data: { actor, stationId, entryId: entry.entryId, entryType: entry.type, viewedAt: now } }];
    }
    case 'TrackPlay':
      return decidePlay(command.data, state);
    case 'SetBookmark': {
      const { actor, stationId, entry, value, now } = command.data;
      const current = state.entries[entry.entryId]?.bookmarkAt ?? null;
      if (value && current === null) return [{ type: 'BookmarkAdded', data: { actor, stationId, entryId: entry.entryId, bookmarkAt: now } }];
      if (!value && current !== null) return [{ type: 'BookmarkRemoved', data: { actor, stationId, entryId: entry.entryId, removedAt: now } }];
      return [];
    }
    case 'GiveContentFeedback': {
      const { actor, stationId, entry, score, now } = command.data;
      if (!Number.isInteger(score) || score < 1 || score > 5) bad('score', 'an integer from 1 to 5');
      if (state.entries[entry.entryId]?.feedbackScore === score) return [];
      return [{ type: 'ContentFeedbackGiven', data: { actor, stationId, entryId: entry.entryId, score, givenAt: now } }];
    }
    case 'SaveMediaState': {
      const { actor, stationId, entry, mediaId, state: data, now } = command.data;
      const current = state.entries[entry.entryId]?.mediaState[mediaId];
      if (current && JSON.stringify(current) === JSON.stringify(data)) return [];
      return [{ type: 'MediaStateSaved', data: { actor, stationId, entryId: entry.entryId, mediaId, data, savedAt: now } }];
    }
    case 'SaveScormState':
      return decideScormState(command.data, state);
    case 'ReportScormStatus':
      return decideScormStatus(command.data, state);
    case 'RecordDownload': {
      const { actor, stationId, entry, lang, linkId, now } = command.data;
      const data = { actor, stationId, entryId: entry.entryId, lang, linkId, downloadedAt: now };
      return [entry.type === 'podcast' ? { type: 'PodcastEpisodeDownloaded', data } : { type: 'ProtectedMediaDownloaded', data }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

function decidePlay(d: Extract<ProgressCommand, { type: 'TrackPlay' }>['data'], state: ProgressState): ProgressEvent[] {
  const { actor, stationId, entry, station, lock, event, playSessionId, now } = d;
  if (entry.type === 'scorm') bad('event', 'SCORM progress goes through /scorms/progress and /user-store/scorm-content');
  refuseLocked(lock);
  const document = isDocument(entry.type);
  const duration = document ? 0 : effectiveDuration(d.duration, entry.duration);
  if (!document && d.seconds > duration + DURATION_TOLERANCE_SECONDS) bad('seconds', `beyond the duration (${duration} s)`);
  const seconds = document ? 0 : Math.min(d.seconds, duration);
  const current = state.entries[entry.entryId] ?? emptyEntry(entry.entryId, entry.type);
  const events: ProgressEvent[] = [];
  const base = { actor, stationId, entryId: entry.entryId };
  const newSession = !current.sessions.includes(playSessionId);
  if (newSession) {
    events.push({ type: 'MediaStarted', data: { ...base, entryType: entry.type, playSessionId, seconds, duration, startedAt: now } });
  }
  const percent = watchPercent(seconds, duration);
  const completes = event === 'end' || (!document && percent >= COMPLETION_THRESHOLD);
  if (completes) {
    if (current.completedSessions.includes(playSessionId)) return events;
    const via: CompletionVia = document ? 'document' : event === 'end' ? 'end' : 'threshold';
    if (!document && event === 'end' && duration <= 0) bad('duration', 'unknown duration');
    events.push({ type: 'MediaCompleted', data: { ...base, entryType: entry.type, playSessionId, duration, via, completedAt: now } });
    return [...events, ...stationCompletion(state, events, actor, stationId, station, now)];
  }
  // MediaStarted already carries the position of a session's first tick
  if (event === 'play' || document || (newSession && event === 'progress')) return events;
  // coalesce: a tick that adds nothing is not worth an event (ADR 0022)
  const last = current.lastTick;
  if (!newSession && last && last.playSessionId === playSessionId) {
    const sinceMs = new Date(now).getTime() - new Date(last.at).getTime();
    const moved = Math.abs(seconds - last.seconds);
    if (event === 'progress' && sinceMs < COALESCE_MS && moved < COALESCE_SECONDS) return events;
    if (event !== 'progress' && moved < 0.5 && sinceMs < COALESCE_MS) return events;
  }
  events.push({ type: 'MediaProgressed', data: { ...base, playSessionId, seconds, duration, percent, cause: event, at: now } });
  return events;
}

/** SCORM 1.2 cmi.core.lesson_status; SCORM 2004 cmi.completion_status and cmi.success_status. */
export function scormStatusOf(version: ScormVersion, cmi: Record<string, string>): { lessonStatus: string | null; completed: 'completed' | 'passed' | null; score: number | null } {
  if (version === '1.2') {
    const lessonStatus = cmi['cmi.core.lesson_status'] ?? null;
    const raw = cmi['cmi.core.score.raw'];
    const score = raw !== undefined && raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : null;
    return { lessonStatus, completed: lessonStatus === 'passed' ? 'passed' : lessonStatus === 'completed' ? 'completed' : null, score };
  }
  const completion = cmi['cmi.completion_status'] ?? null;
  const success = cmi['cmi.success_status'] ?? null;
  const scaled = cmi['cmi.score.scaled'];
  const score = scaled !== undefined && scaled !== '' && Number.isFinite(Number(scaled)) ? Math.round(Number(scaled) * 10000) / 100 : null;
  const completed = success === 'passed' ? 'passed' : completion === 'completed' ? 'completed' : null;
  return { lessonStatus: success === 'passed' || success === 'failed' ? success : completion, completed, score };
}

function scormCompletion(
  d: { actor: string; stationId: string; entry: EntryFacts; station: StationFacts; now: string },
  state: ProgressState,
  version: ScormVersion,
  status: 'completed' | 'passed',
  score: number | null,
): ProgressEvent[] {
  const { actor, stationId, entry, station, now } = d;
  const current = state.entries[entry.entryId];
  if (current?.scorm?.status) return [];
  const events: ProgressEvent[] = [
    { type: 'ScormCompleted', data: { actor, stationId, entryId: entry.entryId, version, status, score, completedAt: now } },
    { type: 'MediaCompleted', data: { actor, stationId, entryId: entry.entryId, entryType: 'scorm', playSessionId: null, duration: 0, via: 'scorm', completedAt: now } },
  ];
  return [...events, ...stationCompletion(state, events, actor, stationId, station, now)];
}

function scormVersionOf(entry: EntryFacts): ScormVersion {
  if (entry.type !== 'scorm' || !entry.scormVersion) return bad('scormId', 'not a SCORM entry');
  return entry.scormVersion;
}

/**
 * A multi-SCO course's status and score (issue 27). SCORM 2004: what scorm-again's sequencing
 * rolled up to the root activity (the package's own rollup rules), when the player sent it.
 * Otherwise (SCORM 1.2, which has no sequencing, or no roll-up yet): completed once every SCO is
 * completed or passed (passed when every one passed), the score the mean of the SCOs' scores.
 */
export function rollUpScos(
  version: ScormVersion,
  scoIds: string[],
  scos: Record<string, ScoState>,
  reported: ScormRollup | undefined,
): { lessonStatus: string | null; completed: 'completed' | 'passed' | null; score: number | null } {
  if (version === '2004' && reported) {
    const completed = reported.success === 'passed' ? 'passed' : reported.completion === 'completed' ? 'completed' : null;
    const lessonStatus = reported.success !== 'unknown' ? reported.success : reported.completion === 'unknown' ? null : reported.completion;
    const score = reported.score === null ? null : Math.round(Math.min(100, Math.max(0, reported.score)) * 100) / 100;
    return { lessonStatus: completed ?? lessonStatus, completed, score };
  }
  const each = scoIds.map((id) => (scos[id] ? scormStatusOf(version, scos[id]!.cmi) : null));
  const scores = each.map((s) => s?.score ?? null).filter((s): s is number => s !== null);
  const score = scores.length > 0 ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100 : null;
  const done = each.every((s) => s?.completed);
  const completed = done ? (each.every((s) => s?.completed === 'passed') ? 'passed' : 'completed') : null;
  const started = each.some((s) => s !== null);
  return { lessonStatus: completed ?? (started ? 'incomplete' : null), completed, score };
}

/** The SCO's interactions and objectives as records for the event (issue 27); nothing when it has none. */
function runtimeRecords(version: ScormVersion, cmi: Record<string, string>) {
  const { interactions, objectives } = scormRuntimeOf(version, cmi);
  return { ...(interactions.length > 0 ? { interactions } : {}), ...(objectives.length > 0 ? { objectives } : {}) };
}

/**
 * The revision the attempt plays (issue 27): the one pinned by its first commit, else the one
 * this commit was played on. A commit played on another revision than the attempt's (a page
 * opened on the new revision while another page began the attempt) is refused: its data is of
 * another package.
 */
function attemptRevision(d: Extract<ProgressCommand, { type: 'SaveScormState' }>['data'], current: ScormProgressState | null | undefined): { revision?: number } {
  const pinned = current?.revision ?? null;
  if (pinned !== null && d.revision !== undefined && d.revision !== pinned) {
    throw new AppError('app/bed-request', 'Invalid request', [{ path: 'revision', code: 'revision_mismatch', message: `the attempt plays revision ${pinned} of the station, not ${d.revision}` }]);
  }
  const revision = pinned ?? d.revision;
  return revision !== undefined ? { revision } : {};
}

function decideScoState(d: Extract<ProgressCommand, { type: 'SaveScormState' }>['data'], state: ProgressState, version: ScormVersion, scoId: string): ProgressEvent[] {
  const scoIds = d.entry.scoIds ?? [];
  if (!scoIds.includes(scoId)) bad('scoId', 'not a SCO of this package');
  const current = state.entries[d.entry.entryId]?.scorm;
  const pin = attemptRevision(d, current);
  const before = current?.scos?.[scoId]?.cmi ?? {};
  const cmi = { ...before, ...d.cmi };
  const scos = { ...(current?.scos ?? {}), [scoId]: { cmi, savedAt: d.now } };
  const { lessonStatus, completed, score } = rollUpScos(version, scoIds, scos, d.rollup);
  const events: ProgressEvent[] = [];
  const changed =
    JSON.stringify(before) !== JSON.stringify(cmi) ||
    (d.sequencing !== undefined && d.sequencing !== (current?.sequencing ?? null)) ||
    lessonStatus !== (current?.lessonStatus ?? null) ||
    (score !== null && score !== (current?.score ?? null)) ||
    (current?.currentScoId ?? null) !== scoId ||
    (pin.revision !== undefined && (current?.revision ?? null) === null);
  if (changed) {
    events.push({
      type: 'ScormStateSaved',
      data: {
        actor: d.actor,
        stationId: d.stationId,
        entryId: d.entry.entryId,
        version,
        scoId,
        cmi,
        lessonStatus,
        score,
        ...(d.sequencing !== undefined ? { sequencing: d.sequencing } : {}),
        ...runtimeRecords(version, cmi),
        ...pin,
        savedAt: d.now,
      },
    });
  }
  if (completed) events.push(...scormCompletion(d, state, version, completed, score));
  return events;
}

function decideScormState(d: Extract<ProgressCommand, { type: 'SaveScormState' }>['data'], state: ProgressState): ProgressEvent[] {
  const version = scormVersionOf(d.entry);
  refuseLocked(d.lock);
  const over = scormLimitViolations(version, d.cmi);
  if (over.length > 0) throw new AppError('app/bed-request', 'Invalid request', over.map(({ path, max }) => ({ path: `cmi.${path}`, message: `at most ${max} characters in SCORM ${version}`, code: 'too_big' })));
  // the interactions and objectives this commit writes must have the version's shape (issue 27)
  // (paths in the body, as the limits': the `cmi` field, then the element)
  const { issues } = scormRuntimeOf(version, d.cmi);
  if (issues.length > 0) throw new AppError('app/bed-request', 'Invalid request', issues.map((issue) => ({ ...issue, path: `cmi.${issue.path}` })));
  if (d.scoId !== undefined) return decideScoState(d, state, version, d.scoId);
  if ((d.entry.scoIds?.length ?? 0) > 0) bad('scoId', 'required for a package played by SCO (several SCOs, or an asset)');
  const current = state.entries[d.entry.entryId]?.scorm;
  const pin = attemptRevision(d, current);
  // the package commits its whole data model; keep what it did not resend
  const cmi = { ...(current?.cmi ?? {}), ...d.cmi };
  const { lessonStatus, completed, score } = scormStatusOf(version, cmi);
  const events: ProgressEvent[] = [];
  if (!current || JSON.stringify(current.cmi) !== JSON.stringify(cmi) || (pin.revision !== undefined && (current.revision ?? null) === null)) {
    // the score is kept whatever the status (issue 27), not only when the package completes
    events.push({ type: 'ScormStateSaved', data: { actor: d.actor, stationId: d.stationId, entryId: d.entry.entryId, version, cmi, lessonStatus, score, ...runtimeRecords(version, cmi), ...pin, savedAt: d.now } });
  }
  if (completed) events.push(...scormCompletion(d, state, version, completed, score));
  return events;
}

function decideScormStatus(d: Extract<ProgressCommand, { type: 'ReportScormStatus' }>['data'], state: ProgressState): ProgressEvent[] {
  const version = scormVersionOf(d.entry);
  refuseLocked(d.lock);
  if (d.status !== 'completed' && d.status !== 'passed') {
    // an unfinished status is part of the run-time data
    const key = version === '1.2' ? 'cmi.core.lesson_status' : 'cmi.completion_status';
    const value = version === '2004' && (d.status === 'failed' || d.status === 'browsed') ? 'incomplete' : d.status;
    return decideScormState({ ...d, cmi: { [key]: value } }, state);
  }
  return scormCompletion(d, state, version, d.status, d.score);
}

const remember = (list: string[], id: string): string[] => (list.includes(id) ? list : [...list, id].slice(-REMEMBERED_SESSIONS));

function updateEntry(state: ProgressState, entryId: string, type: EntryType, fn: (e: EntryProgress) => EntryProgress): ProgressState {
  const current = state.entries[entryId] ?? emptyEntry(entryId, type);
  return { ...state, entries: { ...state.entries, [entryId]: fn(current) } };
}

export function evolveProgress(state: ProgressState, event: ProgressEvent): ProgressState {
  switch (event.type) {
    case 'StationVisited': {
      const d = event.data;
      return { ...state, visitsCount: state.visitsCount + 1, firstVisitAt: state.firstVisitAt ?? d.visitedAt, lastVisitAt: d.visitedAt, viewType: d.viewType };
    }
    case 'StationFeedbackGiven':
      return { ...state, feedbackScore: event.data.score };
    case 'ContentViewed': {
      const d = event.data;
      return updateEntry(state, d.entryId, d.entryType, (e) => ({
        ...e,
        viewsCount: e.viewsCount + 1,
        firstViewAt: e.firstViewAt ?? d.viewedAt,
        lastViewAt: d.viewedAt,
        updatedAt: d.viewedAt,
      }));
    }
    case 'MediaStarted': {
      const d = event.data;
      return updateEntry(state, d.entryId, d.entryType, (e) => ({
        ...e,
        playCount: e.playCount + 1,
        duration: d.duration > 0 ? d.duration : e.duration,
        seconds: d.seconds,
        percent: watchPercent(d.seconds, d.duration),
        firstPlayAt: e.firstPlayAt ?? d.startedAt,
        lastPlayAt: d.startedAt,
        updatedAt: d.startedAt,
        sessions: remember(e.sessions, d.playSessionId),
        lastTick: { playSessionId: d.playSessionId, seconds: d.seconds, at: d.startedAt },
      }));
    }
    case 'MediaProgressed': {
      const d = event.data;
      const current = state.entries[d.entryId];
      return updateEntry(state, d.entryId, current?.type ?? 'video', (e) => ({
        ...e,
        duration: d.duration,
        seconds: d.seconds,
        percent: d.percent,
        lastPlayAt: d.at,
        updatedAt: d.at,
        lastTick: { playSessionId: d.playSessionId, seconds: d.seconds, at: d.at },
      }));
    }
    case 'MediaCompleted': {
      const d = event.data;
      return updateEntry(state, d.entryId, d.entryType, (e) => {
        const completedCount = e.completedCount + 1;
        return {
          ...e,
          completedCount,
          // 000 §4.2: playCount is raised to at least completedCount
          playCount: Math.max(e.playCount, completedCount),
          completedAt: e.completedAt ?? d.completedAt,
          percent: 1,
          duration: d.duration > 0 ? d.duration : e.duration,
          seconds: d.duration > 0 ? d.duration : e.seconds,
          lastPlayAt: d.completedAt,
          firstPlayAt: e.firstPlayAt ?? d.completedAt,
          updatedAt: d.completedAt,
          completedSessions: d.playSessionId ? remember(e.completedSessions, d.playSessionId) : e.completedSessions,
          lastTick: d.playSessionId ? { playSessionId: d.playSessionId, seconds: d.duration, at: d.completedAt } : e.lastTick,
        };
      });
    }
    case 'StationMediaCompleted':
      // 000 §4.2 also resets the client's "played in this session" flag; the play sessions the
      // server remembers stay, so a play that goes on after the threshold is not counted twice
      return { ...state, videosCompletedAt: state.videosCompletedAt ?? event.data.completedAt };
    case 'BookmarkAdded': {
      const d = event.data;
      return updateEntry(state, d.entryId, state.entries[d.entryId]?.type ?? 'video', (e) => ({ ...e, bookmarkAt: d.bookmarkAt }));
    }
    case 'BookmarkRemoved': {
      const d = event.data;
      return updateEntry(state, d.entryId, state.entries[d.entryId]?.type ?? 'video', (e) => ({ ...e, bookmarkAt: null }));
    }
    case 'ContentFeedbackGiven': {
      const d = event.data;
      return updateEntry(state, d.entryId, state.entries[d.entryId]?.type ?? 'video', (e) => ({ ...e, feedbackScore: d.score, updatedAt: d.givenAt }));
    }
    case 'MediaStateSaved': {
      const d = event.data;
      return updateEntry(state, d.entryId, state.entries[d.entryId]?.type ?? 'video', (e) => ({ ...e, mediaState: { ...e.mediaState, [d.mediaId]: d.data } }));
    }
    case 'ScormStateSaved': {
      const d = event.data;
      return updateEntry(state, d.entryId, 'scorm', (e) => ({
        ...e,
        updatedAt: d.savedAt,
        lastPlayAt: d.savedAt,
        firstPlayAt: e.firstPlayAt ?? d.savedAt,
        scorm: {
          version: d.version,
          ...(d.scoId === undefined
            ? { cmi: d.cmi, scos: e.scorm?.scos, currentScoId: e.scorm?.currentScoId, sequencing: e.scorm?.sequencing }
            : {
                cmi: e.scorm?.cmi ?? {},
                scos: { ...(e.scorm?.scos ?? {}), [d.scoId]: { cmi: d.cmi, savedAt: d.savedAt } },
                currentScoId: d.scoId,
                sequencing: d.sequencing ?? e.scorm?.sequencing ?? null,
              }),
          revision: e.scorm?.revision ?? d.revision ?? null,
          lessonStatus: d.lessonStatus,
          savedAt: d.savedAt,
          status: e.scorm?.status ?? null,
          score: d.score ?? e.scorm?.score ?? null,
          completedAt: e.scorm?.completedAt ?? null,
        },
      }));
    }
    case 'ScormCompleted': {
      const d = event.data;
      return updateEntry(state, d.entryId, 'scorm', (e) => ({
        ...e,
        scorm: {
          version: d.version,
          cmi: e.scorm?.cmi ?? {},
          scos: e.scorm?.scos,
          currentScoId: e.scorm?.currentScoId,
          sequencing: e.scorm?.sequencing,
          revision: e.scorm?.revision ?? null,
          lessonStatus: e.scorm?.lessonStatus ?? d.status,
          savedAt: e.scorm?.savedAt ?? null,
          status: d.status,
          score: d.score,
          completedAt: e.scorm?.completedAt ?? d.completedAt,
        },
      }));
    }
    case 'PodcastEpisodeDownloaded':
    case 'ProtectedMediaDownloaded':
      return state;
    default: {
      const exhaustive: never = event;
      void exhaustive;
      return state;
    }
  }
}

export const progressDecider = { decide: decideProgress, evolve: evolveProgress, initial: initialProgressState, events: progressEvents };
