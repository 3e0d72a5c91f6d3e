import { infiniteQueryOptions, queryOptions, useQuery, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { learningRoutes, type FeedPage, type Home, type Playlist } from '@portal/learning/contracts/http';
import { callRoute } from '../../../shared/api/client';
import { browserTimeZone } from '../model/feed-model';
import { LEARNING_DATA } from './keys';

/** Page size of the unlimited playlists; continue and feedbacks always come 8 at a time (000 §9). */
export const FEED_PAGE_SIZE = 24;

export interface FeedFilter {
  /** content area filter (000 §4.12); without it the learner's playlists span every area, the catalogue's keep the default one */
  area?: string;
}

/** GET /api/feed/:playlist?area=&offset=&limit=&tz= */
export const fetchFeedPage = (playlist: Playlist, filter: FeedFilter, offset: number, signal?: AbortSignal): Promise<FeedPage> =>
  callRoute(learningRoutes.feed, {
    params: { playlist },
    query: {
      area: filter.area,
      offset,
      limit: playlist === 'continue' || playlist === 'feedbacks' ? undefined : FEED_PAGE_SIZE,
      tz: browserTimeZone(),
    },
    signal,
  });

export const feedQueryOptions = (playlist: Playlist, filter: FeedFilter = {}) =>
  infiniteQueryOptions({
    queryKey: [...LEARNING_DATA, 'feed', playlist, filter.area ?? null] as const,
    queryFn: ({ signal, pageParam }) => fetchFeedPage(playlist, filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: FeedPage) => last.nextOffset ?? undefined,
  });

export const useFeed = (playlist: Playlist, filter: FeedFilter = {}) => useSuspenseInfiniteQuery(feedQueryOptions(playlist, filter));

/** GET /api/home?area=&tz=: the first page of every playlist and the counts ("My content"). */
export const fetchHome = (filter: FeedFilter, signal?: AbortSignal): Promise<Home> =>
  callRoute(learningRoutes.home, { query: { area: filter.area, tz: browserTimeZone() }, signal });

export const homeQueryOptions = (filter: FeedFilter = {}) =>
  queryOptions({ queryKey: [...LEARNING_DATA, 'home', filter.area ?? null] as const, queryFn: ({ signal }) => fetchHome(filter, signal) });

/** Not suspending: /home shows its profile part first and the playlists when this answers (ADR 0013). */
export const useHomeFeeds = (filter: FeedFilter = {}) => useQuery(homeQueryOptions(filter));
