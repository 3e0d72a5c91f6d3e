import { queryOptions } from '@tanstack/react-query';
import { assessmentRoutes, type RecommendationView } from '@portal/assessment/contracts/http';
import { engagementRoutes } from '@portal/engagement/contracts/http';
import type { Locale } from '@portal/kernel';
import { isApiError } from '../../../shared/api/api-error';
import { callRoute } from '../../../shared/api/client';

export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** GET /api/notification-messages?lang: the caller's unread messages, oldest first (sanitized HTML). */
export const messagesQueryOptions = (lang: Locale) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'messages', lang] as const,
    queryFn: ({ signal }) => callRoute(engagementRoutes.notifications, { query: { lang }, signal }),
    staleTime: 5 * 60_000,
  });

/** POST /api/notification-messages: the "read" event sent when a message shows. */
export const markMessageRead = (notificationId: string) =>
  callRoute(engagementRoutes.notificationEvent, { body: { notificationId, eventType: 'read', clientTime: Date.now(), platform: 'web' } });

/** POST /api/notification-messages/not-viewed-row-ids: which of these rows the caller has not seen. */
export const notViewedRowIds = async (rowIds: readonly string[]): Promise<string[]> => {
  if (rowIds.length === 0) return [];
  const answer = await callRoute(engagementRoutes.notViewedRowIds, { body: { rowIds: rowIds.slice(0, 500) } });
  return answer.rowIds;
};

/** POST /api/notification-messages/set-viewed-row-ids: the sidebar was opened (the server resets the unseen count). */
export const setViewedRowIds = async (rowIds: readonly string[]): Promise<void> => {
  await callRoute(engagementRoutes.setViewedRowIds, { body: { rowIds: rowIds.slice(0, 500) } });
};

/**
 * GET /api/adaptive/recommendations (the assessment issue): the media recommendations. Until
 * that endpoint exists (404) or when it fails, the sidebar works from known content alone.
 */
export const fetchRecommendations = async (signal?: AbortSignal): Promise<RecommendationView[]> => {
  try {
    const answer = await callRoute(assessmentRoutes.recommendations, { signal });
    return answer.recommendations;
  } catch (error) {
    if (isApiError(error) && error.statusCode === 401) throw error;
    return [];
  }
};

export const recommendationsQueryOptions = () =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'recommendations'] as const,
    queryFn: ({ signal }) => fetchRecommendations(signal),
    staleTime: 60_000,
    retry: false,
  });
