import { queryOptions } from '@tanstack/react-query';
import { learningRoutes, type FeedItem } from '@portal/learning/contracts/http';
import { callRoute } from '../shared/api/client';

/**
 * The learner's known content: every item of GET /api/feed/recent (500 at most). The search
 * indexes it and keeps remote results whose objectID is one of its row ids; the notifications
 * sidebar picks the items flagged for notifications. The app fetches it once and hands it to
 * both features (they do not import each other).
 */
export const KNOWN_CONTENT_LIMIT = 500;

export const knownContentQueryOptions = () =>
  queryOptions({
    queryKey: ['shell', 'known-content'] as const,
    queryFn: async ({ signal }): Promise<FeedItem[]> => {
      const page = await callRoute(learningRoutes.feed, { params: { playlist: 'recent' }, query: { offset: 0, limit: KNOWN_CONTENT_LIMIT }, signal });
      return page.items;
    },
    staleTime: 60_000,
  });
