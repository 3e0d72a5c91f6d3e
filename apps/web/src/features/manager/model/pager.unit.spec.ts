import { describe, expect, it } from 'vitest';
import { currentCursor, firstPage, nextPage, pageNumber, previousPage } from './pager';

describe('keyset paging of the list', () => {
  it('goes forward with the cursor each page names and back through the ones seen', () => {
    let pager = firstPage();
    expect(currentCursor(pager)).toBeNull();
    pager = nextPage(pager, 'c2');
    pager = nextPage(pager, 'c3');
    expect([pageNumber(pager), currentCursor(pager)]).toEqual([3, 'c3']);
    pager = previousPage(pager);
    expect([pageNumber(pager), currentCursor(pager)]).toEqual([2, 'c2']);
  });

  it('stays on the last page and on the first', () => {
    expect(nextPage(firstPage(), null)).toEqual(firstPage());
    expect(previousPage(firstPage())).toEqual(firstPage());
  });
});
