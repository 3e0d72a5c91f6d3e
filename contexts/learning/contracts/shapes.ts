/**
 * The kinds of content entries and the route areas: the content pack (pack.ts) and the HTTP
 * contract (http.ts) both name them. In a file of their own so that the SPA, which imports the HTTP
 * contract, does not load the content pack's schema (ADR 0013).
 */
export const ENTRY_TYPES = ['video', 'podcast', 'audio', 'iframe-video', 'pdf', 'iframe', 'scorm', 'link'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];
export const ROUTE_AREAS = ['journey', 'training', 'assessment', 'default'] as const;
export type RouteArea = (typeof ROUTE_AREAS)[number];
/** How a station was opened (StationVisited): from the map or its own page; the stations report names it. */
export const VIEW_TYPES = ['map', 'detail'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];
