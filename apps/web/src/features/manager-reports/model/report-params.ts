import { REPORT_FILTER_NAMES, type ReportFilters, type ReportFormat } from '@portal/reporting/contracts/reports';

/** What a report screen reads from its URL (so a filtered, sorted page can be shared): filters, sort, direction, page. */
export interface ReportParams {
  filters: ReportFilters;
  sort: string | undefined;
  dir: 'asc' | 'desc' | undefined;
  page: number;
}

/** The report's URL query to its params; unknown names and empty values are dropped (the server validates the rest). */
export function reportParamsOf(search: URLSearchParams): ReportParams {
  const filters: Record<string, string> = {};
  for (const name of REPORT_FILTER_NAMES) {
    const value = search.get(name)?.trim();
    if (value) filters[name] = value;
  }
  const dir = search.get('dir');
  const page = Number(search.get('page') ?? '1');
  return {
    filters: filters as ReportFilters,
    sort: search.get('sort') ?? undefined,
    dir: dir === 'asc' || dir === 'desc' ? dir : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The params back to a URL query (only what is set; page 1 is the default). */
export function reportSearchOf(params: ReportParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params.filters)) if (value) search.set(name, String(value));
  if (params.sort) search.set('sort', params.sort);
  if (params.dir) search.set('dir', params.dir);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** Sorting by a column: the same column flips the direction, another starts descending; back to page 1. */
export function sortedBy(params: ReportParams, column: string, defaultSort: string): ReportParams {
  const current = params.sort ?? defaultSort;
  const dir = current === column ? ((params.dir ?? 'desc') === 'desc' ? 'asc' : 'desc') : 'desc';
  return { ...params, sort: column, dir, page: 1 };
}

/** A filter changed: back to page 1. */
export const filteredBy = (params: ReportParams, name: keyof ReportFilters, value: string | null): ReportParams => {
  const filters = { ...params.filters } as Record<string, string>;
  if (value) filters[name] = value;
  else delete filters[name];
  return { ...params, filters: filters as ReportFilters, page: 1 };
};

/** A `datetime-local` value (the reader's local time) as the ISO date-time "as of" takes, or undefined. */
export const asOfFromLocal = (local: string): string | undefined => {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};
/**
 * An ISO date-time as a `datetime-local` value in the reader's local time, to the second (the
 * picker takes seconds: two events a few seconds apart can be told apart); the seconds are left
 * out when zero, as the browser writes the value.
 */
export const localFromAsOf = (iso: string | undefined): string => {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  const seconds = d.getSeconds() > 0 ? `:${pad(d.getSeconds())}` : '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}${seconds}`;
};

export const EXPORT_FORMATS: readonly ReportFormat[] = ['csv', 'xlsx'];
