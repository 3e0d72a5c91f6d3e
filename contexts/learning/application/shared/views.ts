import { LOCALES, type Locale } from '@portal/kernel';
import type { EntryStateRow, LearnerProgress, StationStateRow } from '@portal/projection-progress';
import {
  contentStatusOf,
  cropProgressOf,
  entriesOf,
  entryLink,
  pageTo,
  questionsProgressOf,
  rootOf,
  routeAreaOf,
  stationAccess,
  type CatalogueModel,
  type CatalogueStation,
  type ContentEntry,
  type ContentEntryView,
  type EntryState,
  type FeedItem,
  type LockState,
  type StationDetail,
  type StationState,
  type StationSummary,
} from '../../contracts/index.js';
import { entryLock, progressSummaryOf, stationLock, type LearnerFacts } from '../../domain/index.js';
import { certificatesOf } from './crop-certificates.js';
import type { Principal } from '@portal/kernel';
import { isExternal } from './content-dir.js';
import { packSrcAsUri } from './scorm-paths.js';

/**
 * Public URL of a pack file: /api/media/... with the content hash (immutable caching); https URLs
 * as they are. A SCORM launch address stays as the manifest wrote it (`versioned` false): packages
 * read their own query (Golf's `location.search.replace("?content=", "")`), so nothing is added.
 */
export function mediaUrl(src: string | undefined, hashes: Record<string, string>, versioned = true): string | null {
  if (!src) return null;
  if (isExternal(src)) return src;
  if (!src.startsWith('media/')) return null;
  const hash = versioned ? hashes[src] : undefined;
  return `/api/${src}${hash ? `${src.includes('?') ? '&' : '?'}v=${hash}` : ''}`;
}

/**
 * The URL of an entry's file in one locale (a SCORM launch address unversioned, as above). A
 * content pack's SCORM src names a file (raw, with the launch's query): its path is encoded, so a
 * file named `100% #1.htm` is reached (issue 27); an uploaded package's src is already a URL path.
 */
export const entrySrcUrl = (entry: ContentEntry, locale: Locale, hashes: Record<string, string>): string | null => {
  const src = entry.src[locale];
  if (entry.type !== 'scorm' || !src || entry.package || isExternal(src)) return mediaUrl(src, hashes, entry.type !== 'scorm');
  return mediaUrl(src, hashes, false) === null ? null : `/api/${packSrcAsUri(src)}`;
};

export const languagesOf = (entry: ContentEntry): Locale[] => LOCALES.filter((l) => Boolean(entry.src[l]));

/** What one learner has done, in the shapes the views and rules need. */
export class LearnerView {
  readonly facts: LearnerFacts;
  readonly entryStates: Map<string, EntryStateRow>;
  readonly stationStates: Map<string, StationStateRow>;
  private readonly locks = new Map<string, LockState>();

  constructor(
    readonly model: CatalogueModel,
    readonly principal: Principal,
    progress: LearnerProgress,
    facts?: LearnerFacts,
  ) {
    this.entryStates = new Map(progress.entries.map((e) => [e.entryId, e]));
    this.stationStates = new Map(progress.stations.map((s) => [s.stationId, s]));
    this.facts = facts ?? {
      completed: new Set(progress.entries.filter((e) => e.completedAt !== null).map((e) => e.entryId)),
      touched: new Set(progress.entries.filter((e) => e.viewsCount > 0 || e.playCount > 0 || e.completedCount > 0 || e.lastPlayAt !== null).map((e) => e.entryId)),
      visited: new Set(progress.stations.filter((s) => s.visitsCount > 0).map((s) => s.stationId)),
      answers: new Map(progress.answers.map((a) => [a.questionId, { isCorrect: a.isCorrect, answeredAt: a.answeredAt }])),
    };
  }

  stationLock(stationId: string): LockState {
    let lock = this.locks.get(stationId);
    if (!lock) {
      lock = stationLock(this.model, this.facts, stationId);
      this.locks.set(stationId, lock);
    }
    return lock;
  }

  entryLock(stationId: string, entry: ContentEntry): LockState {
    return entryLock(this.model, this.facts, stationId, entry, this.stationLock(stationId));
  }

  allowed(stationId: string): boolean {
    return stationAccess(this.model, this.principal, stationId) === 'allowed';
  }

  entryState(entry: ContentEntry, row: EntryStateRow | undefined = this.entryStates.get(entry.entryId)): EntryState | null {
    if (!row) return null;
    const answers: EntryState['answers'] = {};
    for (const q of entry.questionsIds) {
      const a = this.facts.answers.get(q);
      if (a) answers[q] = a;
    }
    return entryStateOf(entry, row, answers);
  }

  summary(stationId: string): StationSummary {
    const s = this.model.stations.get(stationId)!;
    const lock = this.stationLock(stationId);
    const unavailable = Boolean(s.unavailableMessage);
    return {
      id: s.stationId,
      stationId: s.stationId,
      path: s.path,
      type: s.type,
      parentId: s.parent ?? null,
      title: s.title,
      description: s.description ?? null,
      thumbSrc: mediaUrl(s.thumbSrc, s.mediaHashes),
      isActive: s.isActive,
      isEnable: s.isActive && !lock.locked && !unavailable,
      isDefault: s.isDefault,
      isUnavailable: unavailable,
      availabilityMessage: s.unavailableMessage ?? null,
      routeArea: routeAreaOf(this.model, stationId),
      displayCategory: s.displayCategory,
      listingOrder: s.listingOrder,
      areas: s.areas,
      hideInMap: s.hideInMap,
      itemsCount: s.type === 'Map' ? (this.model.children.get(stationId) ?? []).filter((c) => this.model.stations.get(c)!.isActive && this.allowed(c)).length : s.entries.length,
      pageTo: pageTo(this.model, stationId),
      readonly: false,
      menu: {
        inactive: !s.isActive,
        displayAreas: s.areas,
        toLinkOverride: null,
        inOverflowMenu: s.menu?.inOverflowMenu ?? false,
        displayOrder: s.listingOrder,
        icon: s.menu?.icon ?? null,
        classNames: s.isDefault ? ['default-station'] : [],
      },
      lock,
      progress: progressSummaryOf(this.model, this.facts, stationId),
      visited: this.facts.visited.has(stationId),
    };
  }

  stationState(stationId: string, entries: ContentEntry[]): StationState {
    const videosState: Record<string, EntryState> = {};
    for (const e of entries) {
      const state = this.entryState(e);
      if (state) videosState[e.entryId] = state;
    }
    return { ...stationStateOf(stationId, this.stationStates.get(stationId)), videosState };
  }

  entryView(station: CatalogueStation, entry: ContentEntry): ContentEntryView {
    const lock = this.entryLock(station.stationId, entry);
    const state = this.entryState(entry);
    const status = contentStatusOf(state, lock.locked);
    const src: ContentEntryView['src'] = {};
    if (!entry.protected) for (const l of LOCALES) {
      const url = entrySrcUrl(entry, l, station.mediaHashes);
      if (url) src[l] = url;
    }
    return {
      entryId: entry.entryId,
      rowId: entry.entryId,
      stationId: station.stationId,
      type: entry.type,
      title: entry.title,
      description: entry.description && Object.keys(entry.description).length > 0 ? entry.description : null,
      src,
      languages: languagesOf(entry),
      protected: entry.protected,
      thumbSrc: mediaUrl(entry.thumbSrc, station.mediaHashes),
      duration: entry.duration,
      optional: entry.optional,
      displayOrder: entry.displayOrder,
      groupKey: entry.groupKey ?? null,
      tags: entry.tags,
      questionsIds: entry.questionsIds,
      scormVersion: entry.scormVersion ?? null,
      requires: entry.requires,
      state,
      lock,
      contentStatus: status.status,
      statusColor: status.color,
      progress: status.progress,
      to: entryLink(this.model, station.stationId, entry),
    };
  }

  detail(stationId: string): StationDetail {
    const s = this.model.stations.get(stationId)!;
    const entries = entriesOf(s);
    const config = s.questions;
    const parent = s.parent && this.model.stations.has(s.parent) ? this.summary(s.parent) : null;
    const children =
      s.type === 'Map'
        ? (this.model.children.get(stationId) ?? []).filter((c) => this.allowed(c)).map((c) => this.summary(c))
        : [];
    return {
      ...this.summary(stationId),
      entries: entries.map((e) => this.entryView(s, e)),
      state: this.stationState(stationId, entries),
      questions: {
        questionIds: config?.questionIds ?? [],
        inactive: config?.inactive ?? false,
        mandatoryAnswerAll: config?.mandatoryAnswerAll ?? false,
        minCorrectAnswers: config?.minCorrectAnswers ?? 0,
        progress: questionsProgressOf(s.questions, this.facts.answers),
      },
      cropProgress: cropProgressOf(this.model, this.facts, stationId),
      initialVideoId: s.initialVideoId ?? null,
      parent,
      children,
      certificates: s.type === 'Map' ? certificatesOf(this.model, this.facts, stationId) : [],
      guestAccess: s.guestAccess,
    };
  }

  feedItem(entryId: string, state: FeedItemState | null, calendar: string | null): FeedItem {
    const { stationId, entry } = this.model.entries.get(entryId)!;
    const station = this.model.stations.get(stationId)!;
    const root = rootOf(this.model, stationId) ?? station;
    const isDetail = root.stationId !== stationId;
    const lock = this.entryLock(stationId, entry);
    const status = contentStatusOf(state, lock.locked);
    const dates = this.model.entryDates.get(entryId);
    return {
      rowId: entryId,
      uid: `${stationId}/${entryId}`,
      hasState: state !== null,
      areas: station.areas,
      contentType: entry.type,
      stationId: root.stationId,
      detailId: isDetail ? stationId : null,
      stationPath: root.path,
      detailPath: isDetail ? station.path : null,
      entryId,
      progress: status.progress,
      contentStatus: status.status,
      statusColor: status.color,
      feedbackScore: state?.feedbackScore ?? null,
      cropTitle: root.type === 'Map' ? root.title : null,
      displayCategory: station.displayCategory,
      routeArea: routeAreaOf(this.model, stationId),
      stationTitle: station.title,
      contentTitle: entry.title,
      videoId: entryId,
      groupKey: entry.groupKey ?? null,
      showInNotification: entry.showInNotification,
      mediaUpdatedAt: dates?.mediaUpdatedAt ?? new Date(0).toISOString(),
      uploadDate: dates?.uploadDate ?? new Date(0).toISOString(),
      tags: state === null || (state.lastPlayAt === null && state.lastViewAt === null) ? [...new Set([...entry.tags, 'new'])] : entry.tags.filter((t) => t !== 'new'),
      thumbSrc: mediaUrl(entry.thumbSrc, station.mediaHashes),
      completedCount: state?.completedCount ?? 0,
      lastVisitAt: state?.lastVisitAt ?? null,
      updatedAt: state?.updatedAt ?? null,
      lastPlayAt: state?.lastPlayAt ?? null,
      bookmarkAt: state?.bookmarkAt ?? null,
      calendar,
      seconds: state?.seconds ?? 0,
      duration: state && state.duration > 0 ? state.duration : entry.duration,
      disabled: lock.locked,
      disabledMessage: lock.message,
      disabledParams: lock.params,
      searchKeywords: entry.searchKeywords ?? null,
      languages: languagesOf(entry),
      to: entryLink(this.model, stationId, entry),
    };
  }
}

/** The fields a feed item reads from a learner's feed row. */
export interface FeedItemState {
  lastPlayAt: string | null;
  lastViewAt: string | null;
  lastVisitAt: string | null;
  bookmarkAt: string | null;
  feedbackScore: number | null;
  feedbackAt: string | null;
  completedCount: number;
  viewsCount: number;
  seconds: number;
  duration: number;
  percent: number;
  updatedAt: string | null;
}

/** An entry's progress, from the progress decider's state or the progress read model's row. */
type EntryProgressFields = Omit<EntryState, 'rowId' | 'type' | 'answers'>;

/** 000 §3 entry state of an entry: its progress (none yet: all zero) and the answers to its questions. */
export function entryStateOf(entry: ContentEntry, p: EntryProgressFields | undefined, answers: EntryState['answers'] = {}): EntryState {
  return {
    rowId: entry.entryId,
    type: entry.type,
    playCount: p?.playCount ?? 0,
    completedCount: p?.completedCount ?? 0,
    duration: p?.duration ?? 0,
    percent: p?.percent ?? 0,
    seconds: p?.seconds ?? 0,
    completedAt: p?.completedAt ?? null,
    firstPlayAt: p?.firstPlayAt ?? null,
    lastPlayAt: p?.lastPlayAt ?? null,
    updatedAt: p?.updatedAt ?? null,
    viewsCount: p?.viewsCount ?? 0,
    firstViewAt: p?.firstViewAt ?? null,
    lastViewAt: p?.lastViewAt ?? null,
    bookmarkAt: p?.bookmarkAt ?? null,
    feedbackScore: p?.feedbackScore ?? null,
    answers,
    mediaState: p?.mediaState ?? {},
  };
}

/** 000 §3 station state without its entries' states: the progress decider's state or the read model's row (none yet: all zero). */
export function stationStateOf(stationId: string, s: Omit<StationState, 'stationId' | 'videosState'> | undefined): Omit<StationState, 'videosState'> {
  return {
    stationId,
    visitsCount: s?.visitsCount ?? 0,
    firstVisitAt: s?.firstVisitAt ?? null,
    lastVisitAt: s?.lastVisitAt ?? null,
    viewType: s?.viewType ?? null,
    feedbackScore: s?.feedbackScore ?? null,
    videosCompletedAt: s?.videosCompletedAt ?? null,
  };
}
