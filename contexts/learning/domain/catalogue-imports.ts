import { catalogueImportEvents, type CatalogueImported } from '../contracts/events.js';

/**
 * The import log (learning.catalogue): one CatalogueImported per import that found the recorded
 * catalogue different from its pack. The last import's pack hash and live items are the state:
 * the next import retires what its pack lacks, and recording the same pack twice is nothing.
 */
export interface CatalogueImportsState {
  last: CatalogueImported['data'] | null;
}
export const initialCatalogueImportsState = (): CatalogueImportsState => ({ last: null });

export type CatalogueImportsCommand = { type: 'RecordImport'; data: CatalogueImported['data'] };

export function decideCatalogueImports(command: CatalogueImportsCommand, state: CatalogueImportsState): CatalogueImported[] {
  if (state.last?.packHash === command.data.packHash) return [];
  return [{ type: 'CatalogueImported', data: command.data }];
}

export const evolveCatalogueImports = (_state: CatalogueImportsState, event: CatalogueImported): CatalogueImportsState => ({ last: event.data });

export const catalogueImportsDecider = { decide: decideCatalogueImports, evolve: evolveCatalogueImports, initial: initialCatalogueImportsState, events: catalogueImportEvents };
