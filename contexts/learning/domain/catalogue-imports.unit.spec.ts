import { describe, expect, it } from 'vitest';
import { catalogueImportsDecider } from './catalogue-imports.js';

const changes = { stations: ['s1'], questions: [], certificates: [], pages: [] };
const data = (packHash: string) => ({ packVersion: '1', packHash, source: 'pack.json', revised: changes, retired: { ...changes, stations: [] }, items: changes, importedAt: '2026-01-01T00:00:00.000Z' });

describe('the catalogue import log', () => {
  it('records an import of a pack other than the last one', () => {
    const { decide, evolve, initial } = catalogueImportsDecider;
    expect(decide({ type: 'RecordImport', data: data('a') }, initial())).toEqual([{ type: 'CatalogueImported', data: data('a') }]);
    const after = evolve(initial(), { type: 'CatalogueImported', data: data('a') });
    expect(after.last?.items.stations).toEqual(['s1']);
    expect(decide({ type: 'RecordImport', data: data('b') }, after)).toHaveLength(1);
  });
  it('records nothing when the last import was the same pack', () => {
    const { decide, evolve, initial } = catalogueImportsDecider;
    const after = evolve(initial(), { type: 'CatalogueImported', data: data('a') });
    expect(decide({ type: 'RecordImport', data: data('a') }, after)).toEqual([]);
  });
});
