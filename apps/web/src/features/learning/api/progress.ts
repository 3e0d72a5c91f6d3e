import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { learningRoutes, type BeaconBody, type EntryWriteResponse, type PlayTick } from '@portal/learning/contracts/http';
import { API_BASE, callRoute } from '../../../shared/api/client';
import { learnerOutbox } from '../../../shared/offline/learner-outbox';
import type { OutboxRoute } from '../../../shared/offline/outbox';
import { getAccessToken, getSession } from '../../../shared/session/token-store';
import { invalidateLearningData, invalidateLearningLists } from './keys';
import { retryingWrite } from './retrying-write';

// A signed-in learner's writes go through the learner outbox (shared/offline, issue 30): kept in
// IndexedDB with their Idempotency-Key and client time, sent in order, sent again while offline or
// while the server cannot commit. A guest's (views, media states) go through retryingWrite: a lost
// race or a lost database connection is sent again with the same Idempotency-Key (ADR 0081).

const queued = <T>(route: OutboxRoute, params: Record<string, string>, body: unknown, scope: string) =>
  learnerOutbox.add({ route, params, body, scope }).answer as Promise<T>;

/** POST /api/user-store/station/:station/:video with a play tick (signed-in users only). */
export const sendPlayTick = (station: string, video: string, tick: PlayTick): Promise<EntryWriteResponse> =>
  queued<EntryWriteResponse>('entryWrite', { station, video }, tick, video);

/**
 * Bookmark add / remove (000 §4.2). Answers once the outbox has it (the screens show it at once,
 * offline too); `sent` is the server's answer.
 */
export const setBookmark = async (vars: { station: string; video: string; value: boolean }): Promise<{ kept: true; sent: Promise<EntryWriteResponse> }> => {
  const item = learnerOutbox.add({ route: 'entryWrite', params: { station: vars.station, video: vars.video }, body: { event: 'bookmark', value: vars.value }, scope: vars.video });
  await item.kept;
  return { kept: true, sent: item.answer as Promise<EntryWriteResponse> };
};

export const bookmarkMutationOptions = () => mutationOptions({ mutationKey: ['learning', 'bookmark'] as const, mutationFn: setBookmark });

/** Shown at once from the outbox (the station's overlay); the station is read again once the server has it. */
export const useBookmark = () => {
  const client = useQueryClient();
  return useMutation({
    ...bookmarkMutationOptions(),
    onSuccess: ({ sent }) => void sent.then(() => invalidateLearningData(client), () => invalidateLearningData(client)),
  });
};

/** Entry feedback score 1..5 (the feedbacks playlist). */
export const giveFeedback = async (vars: { station: string; video: string; score: number }): Promise<{ kept: true; sent: Promise<EntryWriteResponse> }> => {
  const item = learnerOutbox.add({ route: 'entryWrite', params: { station: vars.station, video: vars.video }, body: { event: 'feedback', score: vars.score }, scope: vars.video });
  await item.kept;
  return { kept: true, sent: item.answer as Promise<EntryWriteResponse> };
};

export const feedbackMutationOptions = () => mutationOptions({ mutationKey: ['learning', 'feedback'] as const, mutationFn: giveFeedback });

export const useEntryFeedback = () => {
  const client = useQueryClient();
  return useMutation({
    ...feedbackMutationOptions(),
    onSuccess: ({ sent }) => void sent.then(() => invalidateLearningData(client), () => invalidateLearningData(client)),
  });
};

/** POST /api/user-store/station/:station {visit: true, viewType} (000 §4.2). */
export const markStationVisited = (station: string, viewType: 'map' | 'detail') => queued('stationWrite', { station }, { visit: true, viewType }, station);

export const stationVisitMutationOptions = () =>
  mutationOptions({
    mutationKey: ['learning', 'visit'] as const,
    mutationFn: (vars: { station: string; viewType: 'map' | 'detail' }) => markStationVisited(vars.station, vars.viewType),
  });

export const useStationVisit = () => {
  const client = useQueryClient();
  return useMutation({
    ...stationVisitMutationOptions(),
    onSuccess: () => invalidateLearningLists(client),
    // 000 §8: a station state save error is not shown.
    onError: (error) => console.warn('Station visit not recorded', error),
  });
};

/** POST /api/content/view/:contentId (user or guest; 000 §8: failures, once the retries are spent, are console only). */
export const recordContentView = async (contentId: string): Promise<void> => {
  try {
    if (getSession()) await queued('contentView', { contentId }, undefined, contentId);
    else await retryingWrite((headers) => callRoute(learningRoutes.contentView, { params: { contentId }, headers }));
  } catch (error) {
    console.warn('Content view not recorded', error);
  }
};

/** POST /api/content/media-state/:contentId/:mediaId {data} (user or guest; failures console only). */
export const saveMediaState = async (contentId: string, mediaId: string, data: Record<string, unknown>): Promise<void> => {
  try {
    if (getSession()) await queued('mediaState', { contentId, mediaId }, { data }, contentId);
    else await retryingWrite((headers) => callRoute(learningRoutes.mediaState, { params: { contentId, mediaId }, body: { data }, headers }));
  } catch (error) {
    console.warn('Media state not saved', error);
  }
};

/**
 * The page-hide tick (contracts README "sendBeacon"): sendBeacon cannot set headers, so the
 * access token travels in a text/plain body (a CORS-simple request), never in the URL.
 * Answers whether the browser queued it.
 */
export const sendHideBeacon = (station: string, video: string, tick: PlayTick): boolean => {
  const accessToken = getAccessToken();
  // offline the outbox keeps it (the beacon would be lost)
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  if (!accessToken || typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const body: BeaconBody = { ...tick, event: 'hide', accessToken, station, video };
  return navigator.sendBeacon(`${API_BASE}${learningRoutes.beacon.path}`, new Blob([JSON.stringify(body)], { type: 'text/plain' }));
};
