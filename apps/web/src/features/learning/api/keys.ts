import type { QueryClient } from '@tanstack/react-query';
import { hasAccessToken } from '../../../shared/session/token-store';

/**
 * Query keys of the learning screens. Everything a progress write can change lives under
 * ['learning', 'data'] and is invalidated with one call; signed links, oEmbed thumbnails and
 * SCORM run-time data live under ['learning', 'media'] and are not refetched behind a player.
 */
export const LEARNING_DATA = ['learning', 'data'] as const;
export const LEARNING_MEDIA = ['learning', 'media'] as const;

/** Guests (x-guest-id) and signed-in users see different stations: their answers never share a key. */
export const viewer = (): 'user' | 'guest' => (hasAccessToken() ? 'user' : 'guest');

/** After a write: every station, list and playlist is stale; the ones on screen refetch. */
export const invalidateLearningData = (client: QueryClient): Promise<void> => client.invalidateQueries({ queryKey: LEARNING_DATA });

/** After a visit: only the lists ("new" means never visited), not the station on screen. */
export const invalidateLearningLists = (client: QueryClient): Promise<void> =>
  client.invalidateQueries({ queryKey: LEARNING_DATA, predicate: (query) => query.queryKey[2] !== 'route' && query.queryKey[2] !== 'station' });
