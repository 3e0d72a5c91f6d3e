import { describe, expect, it } from 'vitest';
import { calendarOf, selectPlaylist, type FeedCandidate, type FeedState } from './feeds.js';

const state = (over: Partial<FeedState> = {}): FeedState => ({
  lastPlayAt: null,
  lastViewAt: null,
  lastVisitAt: null,
  bookmarkAt: null,
  feedbackScore: null,
  feedbackAt: null,
  completedCount: 0,
  percent: 0,
  updatedAt: null,
  ...over,
});
let index = 0;
const item = (entryId: string, over: Partial<FeedCandidate> = {}): FeedCandidate => ({
  entryId,
  contentType: 'video',
  areas: ['default'],
  mediaUpdatedAt: '2026-01-01T00:00:00.000Z',
  catalogueIndex: ++index,
  state: null,
  progress: 0,
  ...over,
});
const ids = (r: { items: FeedCandidate[] }) => r.items.map((i) => i.entryId);
const day = (d: number, h = 12) => `2026-11-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00.000Z`;

describe('playlists (000 §4.12)', () => {
  it('continue: progress above 1 and below 100, by last visit, last play, completed count; 8 at a time', () => {
    const items = [
      item('done', { state: state({ lastVisitAt: day(20), percent: 1 }), progress: 100 }),
      item('barely', { state: state({ lastVisitAt: day(20) }), progress: 1 }),
      item('old-visit', { state: state({ lastVisitAt: day(1), lastPlayAt: day(19) }), progress: 40 }),
      item('new-visit', { state: state({ lastVisitAt: day(10), lastPlayAt: day(2) }), progress: 40 }),
      item('same-visit-later-play', { state: state({ lastVisitAt: day(10), lastPlayAt: day(3) }), progress: 40 }),
      item('same-more-completed', { state: state({ lastVisitAt: day(10), lastPlayAt: day(3), completedCount: 2 }), progress: 40 }),
      ...Array.from({ length: 8 }, (_, i) => item(`filler-${i}`, { state: state({ lastVisitAt: day(5) }), progress: 50 })),
    ];
    const first = selectPlaylist('continue', items, { limit: 100 });
    expect(first.items).toHaveLength(8);
    expect(ids(first).slice(0, 3)).toEqual(['same-more-completed', 'same-visit-later-play', 'new-visit']);
    expect(first.total).toBe(12);
    expect(first.nextOffset).toBe(8);
    const second = selectPlaylist('continue', items, { offset: 8 });
    expect(second.items).toHaveLength(4);
    expect(ids(second).at(-1)).toBe('old-visit');
    expect(second.nextOffset).toBeNull();
  });

  it('bookmarks: newest first, no limit', () => {
    const items = Array.from({ length: 12 }, (_, i) => item(`b${i}`, { state: state({ bookmarkAt: day(i + 1) }) }));
    const page = selectPlaylist('bookmarks', [...items, item('none', { state: state() })]);
    expect(page.items).toHaveLength(12);
    expect(page.items[0]!.entryId).toBe('b11');
  });

  it('feedbacks: 8, by score then update time', () => {
    const items = [
      item('low', { state: state({ feedbackScore: 2, feedbackAt: day(20) }) }),
      item('high-old', { state: state({ feedbackScore: 5, feedbackAt: day(1) }) }),
      item('high-new', { state: state({ feedbackScore: 5, feedbackAt: day(2) }) }),
      ...Array.from({ length: 8 }, (_, i) => item(`f${i}`, { state: state({ feedbackScore: 3, feedbackAt: day(i + 1) }) })),
    ];
    const page = selectPlaylist('feedbacks', items, { limit: 50 });
    expect(page.items).toHaveLength(8);
    expect(ids(page).slice(0, 3)).toEqual(['high-new', 'high-old', 'f7']);
  });

  it('history: no limit, by last play then last visit', () => {
    const items = [
      item('viewed', { state: state({ lastViewAt: day(15) }) }),
      item('played', { state: state({ lastPlayAt: day(16) }) }),
      item('tie-a', { state: state({ lastPlayAt: day(10), lastVisitAt: day(11) }) }),
      item('tie-b', { state: state({ lastPlayAt: day(10), lastVisitAt: day(12) }) }),
      item('bookmark-only', { state: state({ bookmarkAt: day(20) }) }),
    ];
    expect(ids(selectPlaylist('history', items))).toEqual(['played', 'viewed', 'tie-b', 'tie-a']);
  });

  it('podcasts: podcast, audio and video, the last published first', () => {
    const items = [item('v1'), item('p1', { contentType: 'podcast' }), item('pdf', { contentType: 'pdf' }), item('a1', { contentType: 'audio' }), item('p2', { contentType: 'podcast' })];
    expect(ids(selectPlaylist('podcasts', items))).toEqual(['p2', 'p1', 'a1', 'v1']);
  });

  it('new: never visited; recent: by media update time', () => {
    const items = [
      item('old', { mediaUpdatedAt: day(1) }),
      item('fresh', { mediaUpdatedAt: day(20) }),
      item('seen', { mediaUpdatedAt: day(25), state: state({ lastViewAt: day(26) }) }),
      item('bookmarked-only', { mediaUpdatedAt: day(10), state: state({ bookmarkAt: day(11) }) }),
    ];
    expect(ids(selectPlaylist('new', items))).toEqual(['fresh', 'bookmarked-only', 'old']);
    expect(ids(selectPlaylist('recent', items))).toEqual(['seen', 'fresh', 'bookmarked-only', 'old']);
  });

  it("filters the catalogue's playlists by content area, the default area when none is asked", () => {
    const items = [item('home'), item('journey', { areas: ['journey'] }), item('both', { areas: ['journey', 'default'] }), item('no-area', { areas: [] })];
    expect(ids(selectPlaylist('recent', items)).sort()).toEqual(['both', 'home', 'no-area']);
    expect(ids(selectPlaylist('new', items)).sort()).toEqual(['both', 'home', 'no-area']);
    expect(ids(selectPlaylist('recent', items, { area: 'journey' })).sort()).toEqual(['both', 'journey']);
  });

  it("lists what the learner saved, started, rated and watched in every area when no area is asked (issue 13)", () => {
    const touched = state({ bookmarkAt: day(3), lastPlayAt: day(2), lastVisitAt: day(2), feedbackScore: 4, feedbackAt: day(3) });
    const items = [
      item('journey', { areas: ['journey'], state: touched, progress: 40 }),
      item('training', { areas: ['default', 'training'], state: touched, progress: 40 }),
      item('no-area', { areas: [], state: touched, progress: 40 }),
    ];
    for (const playlist of ['bookmarks', 'continue', 'feedbacks', 'history'] as const) {
      expect(ids(selectPlaylist(playlist, items)).sort(), playlist).toEqual(['journey', 'no-area', 'training']);
      // an area asked for still narrows them (the Jornadas tab of /feed)
      expect(ids(selectPlaylist(playlist, items, { area: 'journey' })), playlist).toEqual(['journey']);
    }
  });

  it('groups history by the calendar day of the learner time zone', () => {
    expect(calendarOf('2026-11-22T01:30:00.000Z', 'America/Sao_Paulo')).toBe('2026-11-21');
    expect(calendarOf('2026-11-22T01:30:00.000Z', 'UTC')).toBe('2026-11-22');
  });
});
