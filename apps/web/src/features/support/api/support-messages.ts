import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { engagementRoutes } from '@portal/engagement/contracts/http';
import { callRoute } from '../../../shared/api/client';

export const SUPPORT_PAGE_SIZE = 50;

/** GET /api/support/messages?limit&offset: received support messages, newest first (admins). */
export const supportMessagesQueryOptions = (offset: number) =>
  queryOptions({
    queryKey: ['support', 'messages', offset] as const,
    queryFn: ({ signal }) => callRoute(engagementRoutes.supportList, { query: { limit: SUPPORT_PAGE_SIZE, offset }, signal }),
    placeholderData: keepPreviousData,
  });
