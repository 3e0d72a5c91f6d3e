import { queryOptions } from '@tanstack/react-query';
import { engagementRoutes } from '@portal/engagement/contracts/http';
import type { Locale } from '@portal/kernel';
import { isApiError } from '../../../shared/api/api-error';
import { callRoute } from '../../../shared/api/client';
import type { PageSection } from '../model/public-pages';

/** GET /api/pages?section&lang: the section's pages (title and slug). */
export const pagesQueryOptions = (section: PageSection, lang: Locale) =>
  queryOptions({
    queryKey: ['public-pages', 'list', section, lang] as const,
    queryFn: ({ signal }) => callRoute(engagementRoutes.pages, { query: { section, lang }, signal }),
    staleTime: 5 * 60_000,
  });

/** GET /api/pages/:section/:slug?lang: one page (sanitized HTML); null when the pack has none (404). */
export const pageQueryOptions = (section: PageSection, slug: string, lang: Locale) =>
  queryOptions({
    queryKey: ['public-pages', 'page', section, slug, lang] as const,
    queryFn: async ({ signal }) => {
      try {
        return await callRoute(engagementRoutes.page, { params: { section, slug }, query: { lang }, signal });
      } catch (error) {
        if (isApiError(error) && error.statusCode === 404) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
