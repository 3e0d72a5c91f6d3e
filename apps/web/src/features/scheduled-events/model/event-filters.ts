import { scheduledEventListQuerySchema, type ScheduledEventListQuery } from '@portal/events/contracts/http';

/**
 * The list's filters (001 §2: state, date range, region, culture, BU; and a text search) and its
 * page, kept in the URL so a filtered list can be shared and reloaded. Each value is checked with
 * the list query's own schema: a hand-edited link drops what the API would refuse.
 */
export const FILTER_NAMES = ['state', 'from', 'to', 'region', 'culture', 'bu', 'q'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
export type EventFilters = Partial<Record<FilterName, string>>;

export const PAGE_SIZE = 20;

const shape = scheduledEventListQuerySchema.shape;

export const validFilter = (name: FilterName, raw: string | null | undefined): string | undefined => {
  const value = raw?.trim();
  if (!value) return undefined;
  return shape[name].safeParse(value).success ? value : undefined;
};

export function filtersFrom(params: URLSearchParams): EventFilters {
  const filters: EventFilters = {};
  for (const name of FILTER_NAMES) {
    const value = validFilter(name, params.get(name));
    if (value !== undefined) filters[name] = value;
  }
  // a range the API refuses (from after to) keeps its start only
  if (filters.from && filters.to && filters.from > filters.to) delete filters.to;
  return filters;
}

/** 1-based; anything unreadable is the first page. */
export const pageFrom = (params: URLSearchParams): number => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** The URL of the filters and page, in a fixed order (the same list gives the same URL); page 1 is left out. */
export function filtersToParams(filters: EventFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = validFilter(name, filters[name]);
    if (value !== undefined) params.set(name, value);
  }
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The filters with some changed (an empty value removes one); a change goes back to the first page. */
export const withFilters = (filters: EventFilters, changes: EventFilters): EventFilters => filtersFrom(filtersToParams({ ...filters, ...changes }));

export const activeFilterCount = (filters: EventFilters): number => Object.keys(filters).length;

/** GET /scheduledEvents/all's query for a page. */
export const toListQuery = (filters: EventFilters, page: number): ScheduledEventListQuery => ({
  ...(filters as ScheduledEventListQuery),
  limit: PAGE_SIZE,
  offset: (page - 1) * PAGE_SIZE,
});

export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / PAGE_SIZE));
