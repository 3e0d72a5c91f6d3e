import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import type { ProgressEvent } from '../contracts/events.js';
import type { LockState } from '../contracts/http.js';
import { decideProgress, evolveProgress, initialProgressState, progressDecider, scormStatusOf, unlocked, watchPercent, type EntryFacts, type ProgressCommand, type StationFacts } from './progress.js';

const spec = deciderSpec(progressDecider);
const actor = 'u1';
const stationId = 's1';
const t0 = '2026-11-21T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(t0) + seconds * 1000).toISOString();
const video: EntryFacts = { entryId: 'e1', type: 'video', duration: 100 };
const pdf: EntryFacts = { entryId: 'e2', type: 'pdf', duration: 0 };
const extra: EntryFacts = { entryId: 'e3', type: 'video', duration: 100 };
const station: StationFacts = { entries: [{ entryId: 'e1', optional: false }, { entryId: 'e2', optional: false }, { entryId: 'e3', optional: true }] };
const open = unlocked();
const locked: LockState = { locked: true, reason: 'incompleteContent', message: 'lockState.incompleteContentMessage', params: {}, requiredEntryIds: ['e0'], requiredStationIds: [] };
const base = { actor, stationId };

const play = (event: 'play' | 'progress' | 'pause' | 'seek' | 'hide' | 'end', session: string, seconds: number, now: string, entry = video, lock = open) =>
  ({ type: 'TrackPlay', data: { ...base, entry, station, lock, event, playSessionId: session, seconds, duration: entry.duration, now } }) as const;
const started = (session: string, seconds: number, now: string, entry = video): ProgressEvent => ({
  type: 'MediaStarted',
  data: { ...base, entryId: entry.entryId, entryType: entry.type, playSessionId: session, seconds, duration: entry.duration, startedAt: now },
});
const progressed = (session: string, seconds: number, now: string, cause: 'progress' | 'pause' | 'seek' | 'hide' = 'progress'): ProgressEvent => ({
  type: 'MediaProgressed',
  data: { ...base, entryId: 'e1', playSessionId: session, seconds, duration: 100, percent: seconds / 100, cause, at: now },
});
const completed = (session: string | null, now: string, entry = video, via: 'end' | 'threshold' | 'document' | 'scorm' = 'end'): ProgressEvent => ({
  type: 'MediaCompleted',
  data: { ...base, entryId: entry.entryId, entryType: entry.type, playSessionId: session, duration: entry.duration, via, completedAt: now },
});
const fold = (events: ProgressEvent[]) => events.reduce(evolveProgress, initialProgressState());

describe('play sessions (000 §4.2)', () => {
  it('counts a play once per play session', () => {
    spec.given([]).when(play('play', 'p1', 0, t0)).then([started('p1', 0, t0)]);
    spec.given([started('p1', 0, t0)]).when(play('play', 'p1', 0, at(1))).thenNothing();
    spec.given([started('p1', 0, t0)]).when(play('play', 'p2', 0, at(60))).then([started('p2', 0, at(60))]);
    expect(fold([started('p1', 0, t0), started('p2', 0, at(60))]).entries.e1).toMatchObject({ playCount: 2, firstPlayAt: t0, lastPlayAt: at(60) });
  });

  it('starts a session on its first tick whatever the event', () => {
    spec.given([]).when(play('progress', 'p1', 12, t0)).then([started('p1', 12, t0)]);
    spec.given([]).when(play('pause', 'p1', 12, t0)).then([started('p1', 12, t0), progressed('p1', 12, t0, 'pause')]);
  });

  it('records progress, pause, seek and hide with the position', () => {
    spec.given([started('p1', 0, t0)]).when(play('progress', 'p1', 20, at(20))).then([progressed('p1', 20, at(20))]);
    spec.given([started('p1', 0, t0)]).when(play('seek', 'p1', 70, at(2))).then([progressed('p1', 70, at(2), 'seek')]);
    spec.given([started('p1', 0, t0), progressed('p1', 30, at(30))]).when(play('hide', 'p1', 31, at(31))).then([progressed('p1', 31, at(31), 'hide')]);
  });

  it('coalesces ticks closer than 5 s and 5 s of media to the last one', () => {
    spec.given([started('p1', 0, t0)]).when(play('progress', 'p1', 3, at(3))).thenNothing();
    spec.given([started('p1', 0, t0), progressed('p1', 30, at(30))]).when(play('pause', 'p1', 30.2, at(31))).thenNothing();
  });

  it('refuses progress beyond the duration and a duration that does not match the media', () => {
    spec.given([]).when(play('progress', 'p1', 102, t0)).thenThrows('app/bed-request');
    spec.given([]).when({ ...play('progress', 'p1', 5, t0), data: { ...play('progress', 'p1', 5, t0).data, duration: 1000 } }).thenThrows('app/bed-request');
    // a position within a second of the end is rounding, not cheating
    spec.given([started('p1', 0, t0)]).when(play('progress', 'p1', 100.5, at(100))).then([completed('p1', at(100), video, 'threshold')]);
  });

  it('gives watch percent 1 once whole seconds reach the duration', () => {
    expect(watchPercent(99.4, 99.9)).toBe(1);
    expect(watchPercent(50, 100)).toBe(0.5);
    expect(watchPercent(5, 0)).toBe(0);
  });
});

describe('completion (000 §4.2)', () => {
  it('completes on end: percent 1, seconds = duration, completedCount + 1, completedAt set', () => {
    spec.given([started('p1', 0, t0)]).when(play('end', 'p1', 100, at(100))).then([completed('p1', at(100))]);
    const state = fold([started('p1', 0, t0), completed('p1', at(100))]);
    expect(state.entries.e1).toMatchObject({ percent: 1, seconds: 100, completedCount: 1, completedAt: at(100), playCount: 1 });
  });

  it('completes at 99 % (threshold)', () => {
    spec.given([started('p1', 0, t0)]).when(play('progress', 'p1', 99, at(99))).then([completed('p1', at(99), video, 'threshold')]);
    const below = decideProgress(play('progress', 'p1', 98.9, at(99)), fold([started('p1', 0, t0)]));
    expect(below.map((e) => e.type)).toEqual(['MediaProgressed']);
    expect(below[0]!.data).toMatchObject({ seconds: 98.9, percent: expect.closeTo(0.989, 6) });
  });

  it('completes once per session, keeps completedAt and counts a replay', () => {
    const history = [started('p1', 0, t0), completed('p1', at(100))];
    spec.given(history).when(play('end', 'p1', 100, at(101))).thenNothing();
    spec.given(history).when(play('end', 'p2', 100, at(500))).then([started('p2', 100, at(500)), completed('p2', at(500))]);
    const state = fold([...history, started('p2', 100, at(500)), completed('p2', at(500))]);
    expect(state.entries.e1).toMatchObject({ completedCount: 2, playCount: 2, completedAt: at(100) });
  });

  it('raises playCount to at least completedCount', () => {
    // a completion without any play tick recorded (SCORM, documents, old data)
    const state = fold([completed(null, t0)]);
    expect(state.entries.e1).toMatchObject({ completedCount: 1, playCount: 1 });
  });

  it('completes documents on end without a timeline', () => {
    spec.given([]).when(play('end', 'd1', 0, t0, pdf)).then([started('d1', 0, t0, pdf), completed('d1', t0, pdf, 'document')]);
    spec.given([]).when(play('progress', 'd1', 0, t0, pdf)).then([started('d1', 0, t0, pdf)]);
  });

  it('refuses to play or complete a locked entry, with the lock message', () => {
    spec.given([]).when(play('end', 'p1', 100, t0, video, locked)).thenThrows('403');
    spec.given([]).when(play('play', 'p1', 0, t0, video, locked)).thenThrows('403');
    expect(() => decideProgress(play('end', 'p1', 100, t0, video, locked), initialProgressState())).toThrow(expect.objectContaining({ params: { lockMessage: 'lockState.incompleteContentMessage' } }));
  });

  it('sets videosCompletedAt when every non-optional entry has completedAt, once', () => {
    const pdfDone = [started('d1', 0, t0, pdf), completed('d1', t0, pdf, 'document')];
    spec
      .given([...pdfDone, started('p1', 0, at(1))])
      .when(play('end', 'p1', 100, at(101)))
      .then([completed('p1', at(101)), { type: 'StationMediaCompleted', data: { ...base, entryIds: ['e1', 'e2'], completedAt: at(101) } }]);
    // the optional entry does not count, and the fact is recorded once
    const done = [...pdfDone, started('p1', 0, at(1)), completed('p1', at(101)), { type: 'StationMediaCompleted', data: { ...base, entryIds: ['e1', 'e2'], completedAt: at(101) } } as ProgressEvent];
    spec.given(done).when(play('end', 'x1', 100, at(200), extra)).then([started('x1', 100, at(200), extra), completed('x1', at(200), extra)]);
    expect(fold(done).videosCompletedAt).toBe(at(101));
  });
});

describe('views, bookmarks, feedback, visits (000 §4.2)', () => {
  const view = (now: string) => ({ type: 'ViewContent', data: { ...base, entry: video, station, lock: open, now } }) as const;
  it('counts views and keeps the first', () => {
    const viewed = (now: string): ProgressEvent => ({ type: 'ContentViewed', data: { ...base, entryId: 'e1', entryType: 'video', viewedAt: now } });
    spec.given([]).when(view(t0)).then([viewed(t0)]);
    expect(fold([viewed(t0), viewed(at(5))]).entries.e1).toMatchObject({ viewsCount: 2, firstViewAt: t0, lastViewAt: at(5) });
    spec.given([]).when({ type: 'ViewContent', data: { ...base, entry: video, station, lock: locked, now: t0 } }).thenThrows('403');
  });

  it('adds and removes bookmarks, idempotently', () => {
    const add = { type: 'SetBookmark', data: { ...base, entry: video, value: true, now: t0 } } as const;
    const added: ProgressEvent = { type: 'BookmarkAdded', data: { ...base, entryId: 'e1', bookmarkAt: t0 } };
    spec.given([]).when(add).then([added]);
    spec.given([added]).when(add).thenNothing();
    spec.given([added]).when({ type: 'SetBookmark', data: { ...base, entry: video, value: false, now: at(1) } }).then([{ type: 'BookmarkRemoved', data: { ...base, entryId: 'e1', removedAt: at(1) } }]);
    spec.given([]).when({ type: 'SetBookmark', data: { ...base, entry: video, value: false, now: at(1) } }).thenNothing();
    expect(fold([added, { type: 'BookmarkRemoved', data: { ...base, entryId: 'e1', removedAt: at(1) } }]).entries.e1!.bookmarkAt).toBeNull();
  });

  it('records content and station feedback scores from 1 to 5', () => {
    spec.given([]).when({ type: 'GiveContentFeedback', data: { ...base, entry: video, score: 4, now: t0 } }).then([{ type: 'ContentFeedbackGiven', data: { ...base, entryId: 'e1', score: 4, givenAt: t0 } }]);
    spec.given([]).when({ type: 'GiveContentFeedback', data: { ...base, entry: video, score: 6, now: t0 } }).thenThrows('app/bed-request');
    spec.given([]).when({ type: 'GiveStationFeedback', data: { ...base, score: 5, now: t0 } }).then([{ type: 'StationFeedbackGiven', data: { ...base, score: 5, givenAt: t0 } }]);
    spec.given([{ type: 'StationFeedbackGiven', data: { ...base, score: 5, givenAt: t0 } }]).when({ type: 'GiveStationFeedback', data: { ...base, score: 5, now: at(1) } }).thenNothing();
  });

  it('counts visits, keeps the first visit and sets the last', () => {
    const visit = (now: string) => ({ type: 'VisitStation', data: { ...base, viewType: 'detail', now } }) as const;
    const visited = (now: string): ProgressEvent => ({ type: 'StationVisited', data: { ...base, viewType: 'detail', visitedAt: now } });
    spec.given([visited(t0)]).when(visit(at(60))).then([visited(at(60))]);
    expect(fold([visited(t0), visited(at(60))])).toMatchObject({ visitsCount: 2, firstVisitAt: t0, lastVisitAt: at(60), viewType: 'detail' });
  });

  it('saves a media state only when it changed', () => {
    const save = { type: 'SaveMediaState', data: { ...base, entry: video, mediaId: 'player', state: { volume: 1 }, now: t0 } } as const;
    const saved: ProgressEvent = { type: 'MediaStateSaved', data: { ...base, entryId: 'e1', mediaId: 'player', data: { volume: 1 }, savedAt: t0 } };
    spec.given([]).when(save).then([saved]);
    spec.given([saved]).when(save).thenNothing();
  });
});

describe('SCORM', () => {
  const scorm: EntryFacts = { entryId: 'c1', type: 'scorm', duration: 0, scormVersion: '1.2' };
  const scorm2004: EntryFacts = { entryId: 'c2', type: 'scorm', duration: 0, scormVersion: '2004' };
  const scormStation: StationFacts = { entries: [{ entryId: 'c1', optional: false }] };
  const saveCmi = (cmi: Record<string, string>, now = t0, entry = scorm) => ({ type: 'SaveScormState', data: { ...base, entry, station: scormStation, lock: open, cmi, now } }) as const;

  it('saves the run-time data, merged with what the package did not resend', () => {
    const first: ProgressEvent = { type: 'ScormStateSaved', data: { ...base, entryId: 'c1', version: '1.2', cmi: { 'cmi.core.lesson_location': '2', 'cmi.core.lesson_status': 'incomplete' }, lessonStatus: 'incomplete', score: null, savedAt: t0 } };
    spec.given([]).when(saveCmi({ 'cmi.core.lesson_location': '2', 'cmi.core.lesson_status': 'incomplete' })).then([first]);
    spec.given([first]).when(saveCmi({ 'cmi.core.lesson_location': '2' }, at(1))).thenNothing();
    spec
      .given([first])
      .when(saveCmi({ 'cmi.core.lesson_location': '3' }, at(1)))
      .then([{ type: 'ScormStateSaved', data: { ...base, entryId: 'c1', version: '1.2', cmi: { 'cmi.core.lesson_location': '3', 'cmi.core.lesson_status': 'incomplete' }, lessonStatus: 'incomplete', score: null, savedAt: at(1) } }]);
  });

  it('completes once on passed or completed, with the entry completion and videosCompletedAt', () => {
    const events = decideProgress(saveCmi({ 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '90' }), initialProgressState());
    expect(events.map((e) => e.type)).toEqual(['ScormStateSaved', 'ScormCompleted', 'MediaCompleted', 'StationMediaCompleted']);
    expect(events[1]!.data).toMatchObject({ status: 'passed', score: 90 });
    spec.given(events).when(saveCmi({ 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '90' }, at(5))).thenNothing();
  });

  it('reads SCORM 2004 completion and success status', () => {
    expect(scormStatusOf('2004', { 'cmi.completion_status': 'completed', 'cmi.score.scaled': '0.8' })).toEqual({ lessonStatus: 'completed', completed: 'completed', score: 80 });
    expect(scormStatusOf('2004', { 'cmi.completion_status': 'incomplete', 'cmi.success_status': 'passed' })).toMatchObject({ completed: 'passed' });
    expect(scormStatusOf('1.2', { 'cmi.core.lesson_status': 'failed' })).toMatchObject({ completed: null, lessonStatus: 'failed' });
    const report: ProgressCommand = { type: 'ReportScormStatus', data: { ...base, entry: scorm2004, station: { entries: [] }, lock: open, status: 'completed', score: 75, now: t0 } };
    expect(decideProgress(report, initialProgressState()).map((e) => e.type)).toEqual(['ScormCompleted', 'MediaCompleted', 'StationMediaCompleted']);
  });

  it('pins the attempt to the revision its first commit was played on, and refuses a commit of another (issue 27)', () => {
    const onRevision = (cmi: Record<string, string>, revision: number | undefined, now = t0) => ({ type: 'SaveScormState', data: { ...saveCmi(cmi, now).data, ...(revision !== undefined ? { revision } : {}) } }) as const;
    const first: ProgressEvent = { type: 'ScormStateSaved', data: { ...base, entryId: 'c1', version: '1.2', cmi: { 'cmi.core.lesson_location': '2' }, lessonStatus: null, score: null, revision: 3, savedAt: t0 } };
    spec.given([]).when(onRevision({ 'cmi.core.lesson_location': '2' }, 3)).then([first]);
    // a later commit is the attempt's revision, told or not
    spec
      .given([first])
      .when(onRevision({ 'cmi.core.lesson_location': '3' }, undefined, at(1)))
      .then([{ type: 'ScormStateSaved', data: { ...first.data, cmi: { 'cmi.core.lesson_location': '3' }, savedAt: at(1) } } as ProgressEvent]);
    spec.given([first]).when(onRevision({ 'cmi.core.lesson_location': '3' }, 4, at(1))).thenThrows('app/bed-request');
    let refusal: unknown;
    try {
      decideProgress(onRevision({ 'cmi.core.lesson_location': '3' }, 4, at(1)), fold([first]));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ code: 'app/bed-request', details: [{ path: 'revision', code: 'revision_mismatch' }] });
    // an attempt begun before revisions were recorded is pinned by its next commit, even with nothing new
    const legacy: ProgressEvent = { type: 'ScormStateSaved', data: { ...base, entryId: 'c1', version: '1.2', cmi: { 'cmi.core.lesson_location': '2' }, lessonStatus: null, score: null, savedAt: t0 } };
    spec.given([legacy]).when(onRevision({ 'cmi.core.lesson_location': '2' }, 4, at(1))).then([{ type: 'ScormStateSaved', data: { ...legacy.data, revision: 4, savedAt: at(1) } } as ProgressEvent]);
  });

  it('refuses play ticks on SCORM entries and SCORM data on other entries', () => {
    spec.given([]).when(play('play', 'p1', 0, t0, scorm)).thenThrows('app/bed-request');
    spec.given([]).when(saveCmi({ 'cmi.core.lesson_status': 'passed' }, t0, video)).thenThrows('app/bed-request');
  });
});

describe('downloads', () => {
  it('records a podcast download as PodcastEpisodeDownloaded and other protected files apart', () => {
    const podcast: EntryFacts = { entryId: 'pc', type: 'podcast', duration: 8 };
    spec
      .given([])
      .when({ type: 'RecordDownload', data: { ...base, entry: podcast, lang: 'pt-BR', linkId: 'l1', now: t0 } })
      .then([{ type: 'PodcastEpisodeDownloaded', data: { ...base, entryId: 'pc', lang: 'pt-BR', linkId: 'l1', downloadedAt: t0 } }]);
    spec
      .given([])
      .when({ type: 'RecordDownload', data: { ...base, entry: pdf, lang: 'es', linkId: 'l2', now: t0 } })
      .then([{ type: 'ProtectedMediaDownloaded', data: { ...base, entryId: 'e2', lang: 'es', linkId: 'l2', downloadedAt: t0 } }]);
  });
});
