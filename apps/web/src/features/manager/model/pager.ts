/**
 * Keyset paging of the list (ADR 0054): the cursors of the pages seen so far, so "previous"
 * goes back without the server counting offsets, and only one page is ever held on screen,
 * whatever the number of users. Starts over whenever the filters or the sort change.
 */
export interface Pager {
  /** cursor of each page seen; the first page has none */
  cursors: readonly (string | null)[];
}

export const firstPage = (): Pager => ({ cursors: [null] });

export const currentCursor = (pager: Pager): string | null => pager.cursors[pager.cursors.length - 1] ?? null;

/** 1 for the first page. */
export const pageNumber = (pager: Pager): number => pager.cursors.length;

export const nextPage = (pager: Pager, nextCursor: string | null): Pager => (nextCursor ? { cursors: [...pager.cursors, nextCursor] } : pager);

export const previousPage = (pager: Pager): Pager => (pager.cursors.length > 1 ? { cursors: pager.cursors.slice(0, -1) } : pager);
