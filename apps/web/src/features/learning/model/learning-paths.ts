import { JOURNEY_LIST_PLAYLISTS, PLAYLISTS, type Playlist } from '@portal/learning/contracts/http';

export type JourneyListPlaylist = (typeof JOURNEY_LIST_PLAYLISTS)[number];

/** Paths of the learning screens (000 §2.1). */
export const learningPaths = {
  training: '/training',
  journey: '/journey',
  journeyList: '/journey/list',
  /** /journey/list/my-training/:playlist? (all when none) */
  myTraining: (playlist?: JourneyListPlaylist) => (playlist && playlist !== 'all' ? `/journey/list/my-training/${playlist}` : '/journey/list/my-training'),
  ctbCast: '/journey/ctb_cast',
  feed: (playlist?: Playlist) => (playlist ? `/feed/${playlist}` : '/feed'),
  courses: (id?: string) => (id ? `/courses/${encodeURIComponent(id)}` : '/courses'),
  download: (hash: string) => `/download/${encodeURIComponent(hash)}`,
} as const;

/** Content areas of the feeds' filter (000 §4.12): items whose areas include it; the server's default when none. */
export const FEED_AREAS = ['default', 'training', 'journey'] as const;
export type FeedArea = (typeof FEED_AREAS)[number];

/** The area of a feed URL (?area=), undefined for the default one or an unknown value. */
export const feedAreaOf = (search: URLSearchParams): FeedArea | undefined => {
  const value = search.get('area');
  return value && value !== 'default' && (FEED_AREAS as readonly string[]).includes(value) ? (value as FeedArea) : undefined;
};

export const isPlaylist = (value: string | undefined): value is Playlist => value !== undefined && (PLAYLISTS as readonly string[]).includes(value);

export const isJourneyListPlaylist = (value: string | undefined): value is JourneyListPlaylist =>
  value !== undefined && (JOURNEY_LIST_PLAYLISTS as readonly string[]).includes(value);

/** The shape GET /catalogue/route accepts (a /station, /training or /journey path with one or two segments). */
const RESOLVABLE = /^\/(station|training|journey)(\/[A-Za-z0-9_-]+){1,2}$/;

/** The pathname to resolve through the catalogue (without a trailing slash), or null when the API would refuse it. */
export const resolvablePath = (pathname: string): string | null => {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return RESOLVABLE.test(trimmed) ? trimmed : null;
};

/**
 * Where to `replace` the URL after a resolution (contracts README): the canonical path with
 * the current query and hash when it differs from the current path, else null.
 */
export const canonicalRedirect = (current: { pathname: string; search: string; hash?: string }, canonicalPath: string): string | null => {
  const normalise = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  const target = normalise(canonicalPath.split('?')[0] ?? canonicalPath);
  if (target === normalise(current.pathname)) return null;
  return `${target}${current.search}${current.hash ?? ''}`;
};

/** The content link parameters of 000 §2.1: video (the entry id), group and start=true. */
export interface ContentLinkParams {
  video: string | null;
  group: string | null;
  start: boolean;
}

export const contentLinkParams = (search: URLSearchParams): ContentLinkParams => ({
  video: search.get('video') || null,
  group: search.get('group') || null,
  start: search.get('start') === 'true',
});

/**
 * A content link without start=true: the continue playlist resumes where the learner
 * stopped instead of starting over (the position is in the entry state).
 */
export const resumeLink = (to: string): string => {
  const [path, query = ''] = to.split('?');
  const params = new URLSearchParams(query);
  params.delete('start');
  const qs = params.toString();
  return qs ? `${path}?${qs}` : (path ?? to);
};

/** Which entry a station page shows: the link's video when the station has it, else the initial one, else the first. */
export const activeEntryId = (entryIds: readonly string[], video: string | null, initialVideoId: string | null): string | null => {
  if (video && entryIds.includes(video)) return video;
  if (initialVideoId && entryIds.includes(initialVideoId)) return initialVideoId;
  return entryIds[0] ?? null;
};
