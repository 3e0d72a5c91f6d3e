import { catalogueItemEvents, type CatalogueStation, type CatalogueEvent, type StationCatalogueEvent } from '../contracts/events.js';
import type { CertificateRule, Question } from '../contracts/pack.js';

// ---------------------------------------------------------------- catalogue item revisions

/** One catalogue item's stream (station, question, certificate rule or page): its revision and content hash. */
export interface CatalogueItemState {
  revision: number;
  contentHash: string | null;
  retired: boolean;
}
export const initialCatalogueItemState = (): CatalogueItemState => ({ revision: 0, contentHash: null, retired: false });

type ItemEvent = Exclude<CatalogueEvent, { type: 'CatalogueImported' }>;

export type CatalogueItemCommand =
  | { type: 'ReviseItem'; data: { kind: 'station' | 'question' | 'certificate' | 'page'; id: string; contentHash: string; item: unknown; packVersion: string; now: string } }
  | { type: 'RetireItem'; data: { kind: 'station' | 'question' | 'certificate' | 'page'; id: string; packVersion: string; now: string } };

/** Idempotent import: an unchanged item (same content hash) yields nothing; a changed one a new revision. */
export function decideCatalogueItem(command: CatalogueItemCommand, state: CatalogueItemState): ItemEvent[] {
  switch (command.type) {
    case 'ReviseItem': {
      const d = command.data;
      if (!state.retired && state.contentHash === d.contentHash) return [];
      const base = { revision: state.revision + 1, contentHash: d.contentHash, packVersion: d.packVersion, revisedAt: d.now };
      switch (d.kind) {
        case 'station':
          return [{ type: 'StationRevised', data: { ...base, stationId: d.id, station: d.item as CatalogueStation } }];
        case 'question':
          return [{ type: 'QuestionRevised', data: { ...base, questionId: d.id, question: d.item as Question } }];
        case 'certificate':
          return [{ type: 'CertificateRuleRevised', data: { ...base, certificateId: d.id, rule: d.item as CertificateRule } }];
        case 'page':
          return [{ type: 'PageRevised', data: { ...base, pageKey: d.id, page: d.item as Extract<ItemEvent, { type: 'PageRevised' }>['data']['page'] } }];
        default: {
          const exhaustive: never = d.kind;
          throw new Error(`unknown item kind ${String(exhaustive)}`);
        }
      }
    }
    case 'RetireItem': {
      const d = command.data;
      if (state.retired || state.revision === 0) return [];
      const base = { revision: state.revision + 1, packVersion: d.packVersion, retiredAt: d.now };
      switch (d.kind) {
        case 'station':
          return [{ type: 'StationRetired', data: { ...base, stationId: d.id } }];
        case 'question':
          return [{ type: 'QuestionRetired', data: { ...base, questionId: d.id } }];
        case 'certificate':
          return [{ type: 'CertificateRuleRetired', data: { ...base, certificateId: d.id } }];
        case 'page':
          return [{ type: 'PageRetired', data: { ...base, pageKey: d.id } }];
        default: {
          const exhaustive: never = d.kind;
          throw new Error(`unknown item kind ${String(exhaustive)}`);
        }
      }
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

export function evolveCatalogueItem(state: CatalogueItemState, event: ItemEvent): CatalogueItemState {
  switch (event.type) {
    case 'StationRevised':
    case 'QuestionRevised':
    case 'CertificateRuleRevised':
    case 'PageRevised':
      return { revision: event.data.revision, contentHash: event.data.contentHash, retired: false };
    case 'StationRetired':
    case 'QuestionRetired':
    case 'CertificateRuleRetired':
    case 'PageRetired':
      return { revision: event.data.revision, contentHash: null, retired: true };
    default: {
      const exhaustive: never = event;
      void exhaustive;
      return state;
    }
  }
}

export const catalogueItemDecider = { decide: decideCatalogueItem, evolve: evolveCatalogueItem, initial: initialCatalogueItemState, events: catalogueItemEvents };
export type { StationCatalogueEvent };
