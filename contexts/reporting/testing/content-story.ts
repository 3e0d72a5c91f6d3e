/**
 * The reports story (reports-story.ts) with what learners do with the content (ADR 0070): station
 * visits, content views, plays and completions, podcast downloads of a "cast" station, a guest
 * doing the same (no report lists guests), and an episode renamed after the move. For the
 * station content, stations and podcast downloads reports' specs. Imported by specs only.
 */
import type { Checkpoint, EventStore, NewEvent } from '@portal/eventstore';
import { catalogueStationSchema, progressStream, stationStream, type ProgressEvent, type ViewType } from '@portal/learning/contracts';
import { A1, A2, appendSteps, B1, MOVER, STORY_AFTER_MOVE, STORY_BEFORE_MOVE } from './reports-story.js';

type Step = { stream: string; event: NewEvent };
export const GUEST = 'guest:content-story';
export const CAST = 'ctb-cast';

const title = (en: string, pt = en) => ({ 'pt-BR': pt, es: en, en });

const castStation = (revision: number, ep1Title: string): Step => ({
  stream: stationStream(CAST),
  event: {
    type: 'StationRevised',
    data: {
      stationId: CAST,
      revision,
      contentHash: `cast${revision}`,
      packVersion: 'p',
      revisedAt: '2026-08-01T00:00:00.000Z',
      station: catalogueStationSchema.parse({
        stationId: CAST,
        path: CAST,
        type: 'Map',
        title: title('CTB Cast'),
        displayCategory: 'cast',
        entries: [
          { entryId: 'ep1', type: 'podcast', title: title(ep1Title, `Episódio ep1${revision > 0 ? ' (remasterizado)' : ''}`), src: { en: 'https://example.com/ep1.mp3' }, duration: 900, protected: true },
          { entryId: 'ep2', type: 'podcast', title: title('Episode ep2', 'Episódio ep2'), src: { en: 'https://example.com/ep2.mp3' }, duration: 600, protected: true },
        ],
        mediaHashes: {},
        entryHashes: {},
      }),
    },
  },
});

type Data<T extends ProgressEvent['type']> = Omit<Extract<ProgressEvent, { type: T }>['data'], 'actor' | 'stationId'>;
const progress = <T extends ProgressEvent['type']>(actor: string, stationId: string, type: T, data: Data<T>): Step => ({
  stream: progressStream(actor, stationId),
  event: { type, data: { actor, stationId, ...data } },
});

export const visit = (actor: string, station: string, viewType: ViewType, at: string): Step => progress(actor, station, 'StationVisited', { viewType, visitedAt: at });
export const view = (actor: string, station: string, entryId: string, at: string): Step => progress(actor, station, 'ContentViewed', { entryId, entryType: 'video', viewedAt: at });
export const play = (actor: string, station: string, entryId: string, session: string, at: string): Step =>
  progress(actor, station, 'MediaStarted', { entryId, entryType: 'video', playSessionId: session, seconds: 0, duration: 60, startedAt: at });
export const complete = (actor: string, station: string, entryId: string, session: string, at: string): Step =>
  progress(actor, station, 'MediaCompleted', { entryId, entryType: 'video', playSessionId: session, duration: 60, via: 'end', completedAt: at });
let links = 0;
export const download = (actor: string, entryId: string, lang: 'pt-BR' | 'es' | 'en', at: string): Step =>
  progress(actor, CAST, 'PodcastEpisodeDownloaded', { entryId, lang, linkId: `link-${(links += 1)}`, downloadedAt: at });

/**
 * - a1: visits soy-pests on the map then in detail; views the video v1 twice, plays it twice and
 *   completes the first play; downloads ep1 (pt-BR), and ep2 after the move.
 * - a2: visits corn, views c1 (no play); after the move views c1 again, plays and completes it; downloads ep2 (es).
 * - b1: visits soy-pests in detail, views and plays v1.
 * - m1: visits the crop soy; downloads ep1; then moves to company B.
 * - a guest visits, views, plays and downloads: in no report.
 */
export const CONTENT_BEFORE_MOVE: Step[] = [
  ...STORY_BEFORE_MOVE,
  castStation(0, 'Episode ep1'),
  visit(A1, 'soy-pests', 'map', '2026-11-02T09:00:00.000Z'),
  view(A1, 'soy-pests', 'v1', '2026-11-02T09:05:00.000Z'),
  play(A1, 'soy-pests', 'v1', 's1', '2026-11-02T09:06:00.000Z'),
  complete(A1, 'soy-pests', 'v1', 's1', '2026-11-02T09:10:00.000Z'),
  download(A1, 'ep1', 'pt-BR', '2026-11-02T12:00:00.000Z'),
  visit(A1, 'soy-pests', 'detail', '2026-11-03T09:00:00.000Z'),
  view(A1, 'soy-pests', 'v1', '2026-11-03T09:01:00.000Z'),
  play(A1, 'soy-pests', 'v1', 's2', '2026-11-03T09:02:00.000Z'),
  visit(A2, 'corn', 'map', '2026-11-04T08:00:00.000Z'),
  view(A2, 'corn', 'c1', '2026-11-04T08:01:00.000Z'),
  download(A2, 'ep2', 'es', '2026-11-04T12:00:00.000Z'),
  visit(B1, 'soy-pests', 'detail', '2026-11-05T08:00:00.000Z'),
  view(B1, 'soy-pests', 'v1', '2026-11-05T08:01:00.000Z'),
  play(B1, 'soy-pests', 'v1', 's3', '2026-11-05T08:02:00.000Z'),
  visit(MOVER, 'soy', 'map', '2026-11-06T08:00:00.000Z'),
  download(MOVER, 'ep1', 'en', '2026-11-06T12:00:00.000Z'),
  visit(GUEST, 'soy-pests', 'map', '2026-11-06T09:00:00.000Z'),
  view(GUEST, 'soy-pests', 'v1', '2026-11-06T09:01:00.000Z'),
  play(GUEST, 'soy-pests', 'v1', 'sg', '2026-11-06T09:02:00.000Z'),
  download(GUEST, 'ep1', 'pt-BR', '2026-11-06T09:03:00.000Z'),
];
export const CONTENT_AFTER_MOVE: Step[] = [
  ...STORY_AFTER_MOVE,
  view(A2, 'corn', 'c1', '2026-11-20T08:00:00.000Z'),
  play(A2, 'corn', 'c1', 's4', '2026-11-20T08:01:00.000Z'),
  complete(A2, 'corn', 'c1', 's4', '2026-11-20T08:05:00.000Z'),
  download(A1, 'ep2', 'pt-BR', '2026-11-21T12:00:00.000Z'),
  castStation(1, 'Episode ep1 (remastered)'),
];

/** Appends the story; `beforeMove` is the last checkpoint before m1 moves to company B. */
export const appendContentStory = async (store: EventStore): Promise<{ beforeMove: Checkpoint; end: Checkpoint }> => {
  const beforeMove = await appendSteps(store, CONTENT_BEFORE_MOVE);
  const end = await appendSteps(store, CONTENT_AFTER_MOVE);
  return { beforeMove, end };
};
