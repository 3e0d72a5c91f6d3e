import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { learningRoutes, type BeaconBody, type EntryWriteResponse, type PlayTick } from '@portal/learning/contracts/http';
import { API_BASE, callRoute } from '../../../shared/api/client';
import { getAccessToken } from '../../../shared/session/token-store';
import { invalidateLearningData, invalidateLearningLists } from './keys';
import { retryingWrite } from './retrying-write';

// Every write here goes through retryingWrite: a lost race or a lost database connection is sent
// again with the same Idempotency-Key instead of being dropped (ADR 0081).

/** POST /api/user-store/station/:station/:video with a play tick (signed-in users only). */
export const sendPlayTick = (station: string, video: string, tick: PlayTick): Promise<EntryWriteResponse> =>
  retryingWrite((headers) => callRoute(learningRoutes.entryWrite, { params: { station, video }, body: tick, headers }));

/** Bookmark add / remove (000 §4.2). */
export const setBookmark = (vars: { station: string; video: string; value: boolean }): Promise<EntryWriteResponse> =>
  retryingWrite((headers) => callRoute(learningRoutes.entryWrite, { params: { station: vars.station, video: vars.video }, body: { event: 'bookmark', value: vars.value }, headers }));

export const bookmarkMutationOptions = () => mutationOptions({ mutationKey: ['learning', 'bookmark'] as const, mutationFn: setBookmark });

export const useBookmark = () => {
  const client = useQueryClient();
  return useMutation({ ...bookmarkMutationOptions(), onSettled: () => invalidateLearningData(client) });
};

/** Entry feedback score 1..5 (the feedbacks playlist). */
export const giveFeedback = (vars: { station: string; video: string; score: number }): Promise<EntryWriteResponse> =>
  retryingWrite((headers) => callRoute(learningRoutes.entryWrite, { params: { station: vars.station, video: vars.video }, body: { event: 'feedback', score: vars.score }, headers }));

export const feedbackMutationOptions = () => mutationOptions({ mutationKey: ['learning', 'feedback'] as const, mutationFn: giveFeedback });

export const useEntryFeedback = () => {
  const client = useQueryClient();
  return useMutation({ ...feedbackMutationOptions(), onSettled: () => invalidateLearningData(client) });
};

/** POST /api/user-store/station/:station {visit: true, viewType} (000 §4.2). */
export const markStationVisited = (station: string, viewType: 'map' | 'detail') =>
  retryingWrite((headers) => callRoute(learningRoutes.stationWrite, { params: { station }, body: { visit: true, viewType }, headers }));

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
    await retryingWrite((headers) => callRoute(learningRoutes.contentView, { params: { contentId }, headers }));
  } catch (error) {
    console.warn('Content view not recorded', error);
  }
};

/** POST /api/content/media-state/:contentId/:mediaId {data} (user or guest; failures console only). */
export const saveMediaState = async (contentId: string, mediaId: string, data: Record<string, unknown>): Promise<void> => {
  try {
    await retryingWrite((headers) => callRoute(learningRoutes.mediaState, { params: { contentId, mediaId }, body: { data }, headers }));
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
  if (!accessToken || typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const body: BeaconBody = { ...tick, event: 'hide', accessToken, station, video };
  return navigator.sendBeacon(`${API_BASE}${learningRoutes.beacon.path}`, new Blob([JSON.stringify(body)], { type: 'text/plain' }));
};
