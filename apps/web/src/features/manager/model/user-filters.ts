import { USER_FIND_PARAMS, userFindQuerySchema, type UserFindQuery } from '@portal/identity/contracts/user-directory.http';

/**
 * The user list's filters, sort and order, kept in the URL so a filtered view can be shared and
 * reloaded (ADR 0054). The URL names are the /manage-users/find query names (USER_FIND_PARAMS of
 * the contract), and each value is checked with that parameter's own schema: a hand-edited or
 * stale link drops what the API would refuse instead of failing the whole list. The paging
 * fields (cursor, limit) are not URL state: a shared link opens on the first page.
 */
export type FilterParam = Exclude<keyof UserFindQuery, 'cursor' | 'limit'>;
export type UserFilters = Partial<Record<FilterParam, string>>;

export const FILTER_PARAMS = USER_FIND_PARAMS.filter((name): name is FilterParam => name !== 'cursor' && name !== 'limit');

/** The page size of the list: what one screen shows, far below the API's maximum. */
export const PAGE_SIZE = 50;

const shape = userFindQuerySchema.shape;

/** A value the parameter's schema accepts (as the API would parse it), else undefined. */
export const validFilterValue = (name: FilterParam, raw: string | null | undefined): string | undefined => {
  if (raw == null) return undefined;
  const value = raw.trim();
  if (value === '') return undefined;
  return shape[name].safeParse(value).success ? value : undefined;
};

export function filtersFrom(params: URLSearchParams): UserFilters {
  const filters: UserFilters = {};
  for (const name of FILTER_PARAMS) {
    const value = validFilterValue(name, params.get(name));
    if (value !== undefined) filters[name] = value;
  }
  return filters;
}

/** The URL of the filters, in the contract's parameter order (the same filters give the same URL). */
export function filtersToParams(filters: UserFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_PARAMS) {
    const value = validFilterValue(name, filters[name]);
    if (value !== undefined) params.set(name, value);
  }
  return params;
}

/** The filters with some changed; an empty or invalid value removes the filter. */
export const withFilters = (filters: UserFilters, changes: UserFilters): UserFilters => filtersFrom(filtersToParams({ ...filters, ...changes }));

/** How many filters narrow the list (the sort and the order do not). */
export const activeFilterCount = (filters: UserFilters): number => Object.keys(filters).filter((name) => name !== 'sort' && name !== 'order').length;

/**
 * The /find query of the filters and a page's cursor. Every value passed its parameter's schema
 * in filtersFrom, so the object is a valid query input.
 */
export const toFindQuery = (filters: UserFilters, cursor: string | null): UserFindQuery => ({ ...(filters as UserFindQuery), limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });

export type SortField = NonNullable<UserFindQuery['sort']>;

/** Clicking a column: the same column flips the order, another column starts ascending (dates descending: newest first). */
export function nextSort(filters: UserFilters, field: SortField): UserFilters {
  const current = (filters.sort ?? 'name') as SortField;
  const order = filters.order ?? 'asc';
  if (current === field) return withFilters(filters, { sort: field, order: order === 'asc' ? 'desc' : 'asc' });
  return withFilters(filters, { sort: field, order: field === 'createdAt' || field === 'lastActiveAt' ? 'desc' : 'asc' });
}
