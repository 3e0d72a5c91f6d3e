import { describe, expect, it } from 'vitest';
import type { FeedItem } from '@portal/learning/contracts/http';
import { createLocalSearch, FUSE_OPTIONS } from './local-search';
import { isTypingTarget, keepKnown, LOCAL_DEBOUNCE_MS, LOCAL_MAX_WAIT_MS, MIN_MATCH_CHARS, moveActive, REMOTE_DEBOUNCE_MS, searchableItems, searchMode, type SearchItem } from './search-model';

const item = (rowId: string, contentTitle: string, stationTitle = 'Plantio', cropTitle = 'Soja', searchKeywords = ''): SearchItem => ({ rowId, contentTitle, stationTitle, cropTitle, searchKeywords, to: `/station/x?video=${rowId}`, contentType: 'video' });

const catalogue = [
  item('janela', 'Janela da safrinha', 'Safrinha', 'Milho'),
  item('colhedora', 'Regulagem da colhedora', 'Colheita', 'Soja'),
  item('calendario', 'Calendário agrícola', 'Boas-vindas', ''),
  item('bicudo', 'Controle do bicudo', 'Pragas', 'Algodão', 'anthonomus grandis'),
];

describe('search (000 §4.9, §5)', () => {
  it('uses the constants of the spec', () => {
    expect([REMOTE_DEBOUNCE_MS, LOCAL_DEBOUNCE_MS, LOCAL_MAX_WAIT_MS, MIN_MATCH_CHARS]).toEqual([300, 500, 1000, 3]);
    expect(FUSE_OPTIONS).toMatchObject({ keys: ['contentTitle', 'stationTitle', 'cropTitle', 'searchKeywords'], threshold: 0.2, distance: 100, minMatchCharLength: 3, isCaseSensitive: false });
  });

  it('finds an item by a misspelled title, case-insensitively', () => {
    const search = createLocalSearch(catalogue);
    expect(search.search('regulajem')[0]?.rowId).toBe('colhedora');
    expect(search.search('REGULAGEM')[0]?.rowId).toBe('colhedora');
    expect(search.search('safrinja')[0]?.rowId).toBe('janela');
    expect(search.search('Regulagem da colhedra')[0]?.rowId).toBe('colhedora');
  });

  it('searches station, crop and keywords too, and drops what does not match', () => {
    const search = createLocalSearch(catalogue);
    expect(search.search('algodão').map((i) => i.rowId)).toEqual(['bicudo']);
    expect(search.search('anthonomus').map((i) => i.rowId)).toEqual(['bicudo']);
    expect(search.search('xyzzy')).toEqual([]);
    expect(search.search('   ')).toEqual([]);
  });

  it('is for Brazil users with enableSearch; localSearch chooses fuse.js over the remote index', () => {
    expect(searchMode('BR', { enableSearch: true, localSearch: true })).toBe('local');
    expect(searchMode('BR', { enableSearch: true, localSearch: false })).toBe('remote');
    expect(searchMode('BR', { enableSearch: false, localSearch: true })).toBe('off');
    expect(searchMode('AR', { enableSearch: true, localSearch: true })).toBe('off');
    expect(searchMode(null, { enableSearch: true, localSearch: true })).toBe('off');
  });

  it('keeps remote results only when their objectID is known content', () => {
    const results = [
      { title: 'A', description: '', url: '/x', objectID: 'colhedora' },
      { title: 'Hidden', description: '', url: '/y', objectID: 'not-mine' },
      { title: 'A again', description: '', url: '/x', objectID: 'colhedora' },
      { title: 'B', description: '', url: '/z', objectID: 'bicudo' },
    ];
    expect(keepKnown(results, catalogue).map((i) => i.rowId)).toEqual(['colhedora', 'bicudo']);
  });

  it('moves the active result with the arrows, wrapping around', () => {
    expect(moveActive(0, 1, 3)).toBe(1);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 0)).toBe(-1);
  });

  it('"/" is ignored while typing', () => {
    expect(isTypingTarget({ tagName: 'input' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('indexes known content in the current language and leaves locked items out', () => {
    const feed = (rowId: string, disabled: boolean) =>
      ({ rowId, disabled, contentType: 'video', to: `/t/${rowId}`, contentTitle: { 'pt-BR': 'Plantio', es: 'Siembra', en: 'Planting' }, stationTitle: { 'pt-BR': 'S', es: 'S', en: 'S' }, cropTitle: null, searchKeywords: { es: 'soja' } }) as unknown as FeedItem;
    expect(searchableItems([feed('a', false), feed('b', true)], 'es')).toEqual([{ rowId: 'a', contentTitle: 'Siembra', stationTitle: 'S', cropTitle: '', searchKeywords: 'soja', to: '/t/a', contentType: 'video' }]);
  });
});
