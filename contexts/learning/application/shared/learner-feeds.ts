import { Inject, Injectable } from '@nestjs/common';
import { actorOf, AppError, type Principal } from '@portal/kernel';
import type { FeedRow } from '@portal/projection-feeds';
import { contentStatusOf, entriesOf, PLAYLISTS, type CatalogueModel, type FeedPage, type Home, type Playlist } from '../../contracts/index.js';
import { inCatalogueArea, inLearnerArea, lastActivityOf, selectPlaylist, type FeedCandidate, type LearnerFacts } from '../../domain/index.js';
import { visibleStations } from './access.js';
import { CatalogueService } from './catalogue.service.js';
import { LearnerFactsCache } from './learner-facts.cache.js';
import { LearnerView, type FeedItemState } from './views.js';

const HOME_PAGE = 8;
const formatters = new Map<string, Intl.DateTimeFormat>();
function calendarFormatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      throw new AppError('app/bed-request', 'Invalid request', [{ path: 'tz', message: 'unknown time zone' }]);
    }
    formatters.set(tz, f);
  }
  return f;
}

/** Whether any station's lock depends on answers (then a learner's answers are read too); once per catalogue model. */
const answerLocks = new WeakMap<CatalogueModel, boolean>();
function locksOnAnswers(model: CatalogueModel): boolean {
  let found = answerLocks.get(model);
  if (found === undefined) {
    found = [...model.stations.values()].some((s) => s.questions && !s.questions.inactive && (s.questions.mandatoryAnswerAll || s.questions.minCorrectAnswers > 0));
    answerLocks.set(model, found);
  }
  return found;
}

interface Loaded {
  view: LearnerView;
  candidates: FeedCandidate[];
  states: Map<string, FeedItemState>;
}

/** The read models playlists are built from: queries wait for them with waitForReads first. */
export const FEED_READS = ['catalogue', 'feeds', 'progress'] as const;

/**
 * Playlists of 000 §4.12 for one learner: the catalogue (in memory) joined with the learner's
 * feed rows (one statement, or memory: ADR 0028), ordered and cut by the domain's rules (ADR 0023).
 */
@Injectable()
export class LearnerFeeds {
  constructor(
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
    @Inject(LearnerFactsCache) private readonly facts: LearnerFactsCache,
  ) {}

  private async load(principal: Principal): Promise<Loaded> {
    const actor = actorOf(principal);
    const model = await this.catalogue.model();
    const needsAnswers = locksOnAnswers(model);
    const { feed, answers: progress } = await this.facts.load(actor, needsAnswers);
    const rows = new Map<string, FeedRow>(feed.items.map((r) => [r.entryId, r]));
    const facts: LearnerFacts = {
      completed: new Set(feed.items.filter((r) => r.completedAt !== null).map((r) => r.entryId)),
      touched: new Set(feed.items.filter((r) => r.lastPlayAt !== null || r.lastViewAt !== null || r.completedCount > 0).map((r) => r.entryId)),
      visited: new Set(Object.keys(feed.visits)),
      answers: new Map(progress.map((a) => [a.questionId, { isCorrect: a.isCorrect, answeredAt: a.answeredAt }])),
    };
    const view = new LearnerView(model, principal, { entries: [], stations: [], answers: [] }, facts);
    const candidates: FeedCandidate[] = [];
    const states = new Map<string, FeedItemState>();
    let index = 0;
    for (const station of visibleStations(model, principal)) {
      for (const entry of entriesOf(station)) {
        index += 1;
        const row = rows.get(entry.entryId);
        const state: FeedItemState | null = row ? { ...row, lastVisitAt: feed.visits[row.stationId] ?? null } : null;
        if (state) states.set(entry.entryId, state);
        candidates.push({
          entryId: entry.entryId,
          contentType: entry.type,
          areas: station.areas,
          mediaUpdatedAt: model.entryDates.get(entry.entryId)?.mediaUpdatedAt ?? '',
          catalogueIndex: index,
          state,
          progress: contentStatusOf(state, false).progress,
        });
      }
    }
    return { view, candidates, states };
  }

  private page(loaded: Loaded, playlist: Playlist, options: { area?: string | undefined; offset?: number; limit?: number | undefined; tz: string }): FeedPage {
    const { items, total, nextOffset } = selectPlaylist(playlist, loaded.candidates, options);
    const formatter = calendarFormatter(options.tz);
    const views = items.map((c) => {
      const activity = c.state ? lastActivityOf(c.state) : null;
      return loaded.view.feedItem(c.entryId, loaded.states.get(c.entryId) ?? null, activity ? formatter.format(new Date(activity)) : null);
    });
    let groups: FeedPage['groups'] = null;
    if (playlist === 'history') {
      groups = [];
      for (const item of views) {
        const last = groups[groups.length - 1];
        if (last && last.calendar === item.calendar) last.items.push(item);
        else groups.push({ calendar: item.calendar ?? '', items: [item] });
      }
    }
    return { playlist, items: views, total, nextOffset, groups };
  }

  async playlist(principal: Principal, playlist: Playlist, query: { area?: string | undefined; offset: number; limit?: number | undefined; tz?: string | undefined }): Promise<FeedPage> {
    const tz = query.tz ?? 'UTC';
    calendarFormatter(tz);
    const loaded = await this.load(principal);
    return this.page(loaded, playlist, { area: query.area, offset: query.offset, limit: query.limit, tz });
  }

  async home(principal: Principal, query: { area?: string | undefined; tz?: string | undefined }): Promise<Home> {
    const tz = query.tz ?? 'UTC';
    calendarFormatter(tz);
    const loaded = await this.load(principal);
    const pages = Object.fromEntries(PLAYLISTS.map((p) => [p, this.page(loaded, p, { area: query.area, offset: 0, limit: HOME_PAGE, tz })])) as Record<Playlist, FeedPage>;
    // what the learner did counts in every area (as their playlists list it); total is the catalogue's
    const own = loaded.candidates.filter(inLearnerArea(query.area));
    return {
      ...pages,
      counts: {
        completed: own.filter((c) => (c.state?.completedCount ?? 0) > 0).length,
        started: own.filter((c) => contentStatusOf(loaded.states.get(c.entryId) ?? null, false).status === 'started').length,
        bookmarks: own.filter((c) => c.state?.bookmarkAt).length,
        total: loaded.candidates.filter(inCatalogueArea(query.area)).length,
      },
    };
  }
}
