import type { ContentEntryView, EntryState, LockState, RouteResolution, StationDetail } from '@portal/learning/contracts/http';
import type { OutboxItem } from '../../../shared/offline/outbox';

/**
 * The learner's own state with what the outbox has not sent yet applied (issue 30, ADR 0094), so
 * that a screen shows, offline, what the learner did: an entry played to its end (an `end` tick,
 * or whole seconds reaching the duration) or a completed SCORM course shows completed, a bookmark
 * and a feedback score show, and the locks that wait only for entries to be completed open as the
 * server's rule says (000 §4.1). What only the server decides (whether an answer is right, a score,
 * a lock on questions) stays as the server last said, and the screens say "pending sync".
 */

interface Pending {
  completedAt: string | null;
  playedAt: string | null;
  seconds: number | null;
  duration: number | null;
  bookmark: { value: boolean; at: string } | null;
  feedback: number | null;
  answers: number;
}

const emptyPending = (): Pending => ({ completedAt: null, playedAt: null, seconds: null, duration: null, bookmark: null, feedback: null, answers: 0 });

type Body = { event?: string; seconds?: number; duration?: number; value?: boolean; score?: number; status?: string; entryId?: string };

/** What the pending items say about each entry, by entry id. */
export const pendingByEntry = (items: readonly OutboxItem[]): Map<string, Pending> => {
  const byEntry = new Map<string, Pending>();
  const of = (id: string) => {
    let found = byEntry.get(id);
    if (!found) byEntry.set(id, (found = emptyPending()));
    return found;
  };
  for (const item of items) {
    const body = (item.body ?? {}) as Body;
    if (item.route === 'entryWrite') {
      const pending = of(item.params.video ?? item.scope);
      if (body.event === 'bookmark') pending.bookmark = { value: body.value === true, at: item.clientTime };
      else if (body.event === 'feedback') pending.feedback = body.score ?? null;
      else if (body.event) {
        pending.playedAt = item.clientTime;
        pending.seconds = body.seconds ?? pending.seconds;
        pending.duration = body.duration ?? pending.duration;
        const reached = (body.duration ?? 0) > 0 && Math.floor(body.seconds ?? 0) >= Math.floor(body.duration ?? 0);
        if (body.event === 'end' || reached) pending.completedAt ??= item.clientTime;
      }
    } else if (item.route === 'scormProgressWrite' && (body.status === 'completed' || body.status === 'passed')) {
      of(item.scope).completedAt ??= item.clientTime;
    } else if (item.route === 'submitAnswer' && body.entryId) {
      of(body.entryId).answers += 1;
    }
  }
  return byEntry;
};

const OPEN: LockState = { locked: false, reason: null, message: null, params: {}, requiredEntryIds: [], requiredStationIds: [] };

const blankState = (entry: ContentEntryView): EntryState => ({
  rowId: entry.rowId,
  type: entry.type,
  playCount: 0,
  completedCount: 0,
  duration: entry.duration,
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
  answers: {},
  mediaState: {},
});

const withPendingEntry = (entry: ContentEntryView, pending: Pending | undefined): ContentEntryView => {
  if (!pending) return entry;
  const state = { ...(entry.state ?? blankState(entry)) };
  let { contentStatus, statusColor, progress } = entry;
  if (pending.playedAt) {
    state.firstPlayAt ??= pending.playedAt;
    state.lastPlayAt = pending.playedAt;
    if (pending.seconds !== null) state.seconds = pending.seconds;
    const duration = pending.duration || state.duration;
    if (duration > 0 && pending.seconds !== null) state.percent = Math.max(state.percent, Math.min(1, pending.seconds / duration));
    if (contentStatus === 'initial') {
      contentStatus = 'started';
      statusColor = 'orange';
    }
    progress = Math.max(progress, Math.round(state.percent * 100));
  }
  if (pending.completedAt && !state.completedAt) {
    state.completedAt = pending.completedAt;
    state.percent = 1;
    contentStatus = 'completed';
    statusColor = 'green';
    progress = 100;
  }
  if (pending.bookmark) state.bookmarkAt = pending.bookmark.value ? pending.bookmark.at : null;
  if (pending.feedback !== null) state.feedbackScore = pending.feedback;
  return { ...entry, state, contentStatus, statusColor, progress };
};

/** The entries completed, by the server or by a pending item. */
const completedIds = (entries: readonly ContentEntryView[]): Set<string> => new Set(entries.filter((e) => e.state?.completedAt || e.contentStatus === 'completed').map((e) => e.entryId));

/** A lock that waits only for entries opens once they are all completed; a lock on questions stays (the server decides answers). */
const openedLock = (lock: LockState, completed: Set<string>): LockState => {
  if (!lock.locked || lock.reason !== 'incompleteContent' || lock.requiredStationIds.length > 0) return lock;
  return lock.requiredEntryIds.every((id) => completed.has(id)) ? OPEN : { ...lock, requiredEntryIds: lock.requiredEntryIds.filter((id) => !completed.has(id)) };
};

export const withPendingStation = (station: StationDetail, items: readonly OutboxItem[]): StationDetail => {
  if (items.length === 0) return station;
  const pending = pendingByEntry(items);
  const touched = station.entries.some((e) => pending.has(e.entryId));
  if (!touched) return station;
  let entries = station.entries.map((e) => withPendingEntry(e, pending.get(e.entryId)));
  const completed = completedIds(entries);
  entries = entries.map((e) => {
    const lock = openedLock(e.lock, completed);
    if (lock === e.lock) return e;
    return { ...e, lock, contentStatus: e.contentStatus === 'disabled' ? (e.state?.completedAt ? 'completed' : e.state?.firstPlayAt ? 'started' : 'initial') : e.contentStatus };
  });
  const counted = entries.filter((e) => !e.optional);
  const done = counted.filter((e) => completed.has(e.entryId)).length;
  const total = Math.max(station.progress.total, counted.length);
  const progress =
    done > station.progress.completed
      ? { ...station.progress, completed: done, percent: total > 0 ? Math.round((done / total) * 100) : station.progress.percent, status: done >= total ? ('completed' as const) : ('in-progress' as const) }
      : station.progress;
  return { ...station, entries, progress };
};

export const withPendingResolution = (resolution: RouteResolution, items: readonly OutboxItem[]): RouteResolution => {
  if (items.length === 0) return resolution;
  return { ...resolution, station: withPendingStation(resolution.station, items), detail: resolution.detail ? withPendingStation(resolution.detail, items) : null };
};

/** How many answers to the entry's (or station's) questions wait to be sent: the score shows "pending sync". */
export const pendingAnswers = (items: readonly OutboxItem[], where: { entryId?: string; stationId?: string }): number =>
  items.filter((i) => {
    if (i.route !== 'submitAnswer') return false;
    const body = (i.body ?? {}) as { entryId?: string; stationId?: string };
    return where.entryId ? body.entryId === where.entryId : body.stationId === where.stationId;
  }).length;
