import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { learningRoutes } from '@portal/learning/contracts/http';
import type { Locale } from '@portal/kernel';
import { callRoute } from '../../../shared/api/client';
import { LEARNING_MEDIA } from './keys';

/**
 * POST /api/watermarkApi/media-protector {mediaId, lang}: a signed link to a protected file,
 * valid 15 minutes. Kept 10 minutes, so a player never gets a link about to expire, and not
 * refetched behind a playing player (a new link would reload the media).
 */
export const protectMedia = (mediaId: string, lang?: Locale) => callRoute(learningRoutes.mediaProtect, { body: { mediaId, lang } });

export const protectedLinkQueryOptions = (mediaId: string, lang?: Locale) =>
  queryOptions({
    queryKey: [...LEARNING_MEDIA, 'protected', mediaId, lang ?? null] as const,
    queryFn: () => protectMedia(mediaId, lang),
    staleTime: 10 * 60_000,
    gcTime: 10 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });

export const useProtectedLink = (mediaId: string, lang: Locale | undefined, enabled: boolean) => useQuery({ ...protectedLinkQueryOptions(mediaId, lang), enabled });

const oembedSchema = z.object({ thumbnail_url: z.string().url() });

/** A video host's oEmbed answer, read for thumbnail_url (not our API: a plain fetch, no credentials). */
export const fetchOembedThumbnail = async (endpoint: string, signal?: AbortSignal): Promise<string> => {
  const response = await fetch(endpoint, { signal, credentials: 'omit', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`oEmbed answered ${response.status}`);
  return oembedSchema.parse(await response.json()).thumbnail_url;
};

export const oembedThumbnailQueryOptions = (endpoint: string) =>
  queryOptions({
    queryKey: [...LEARNING_MEDIA, 'oembed', endpoint] as const,
    queryFn: ({ signal }) => fetchOembedThumbnail(endpoint, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** The thumbnail, or `failed` (000 §8: silent, the placeholder shows). */
export const useOembedThumbnail = (endpoint: string | null) => {
  const query = useQuery({ ...oembedThumbnailQueryOptions(endpoint ?? ''), enabled: endpoint !== null });
  return { url: query.data ?? null, failed: endpoint === null || query.isError };
};
