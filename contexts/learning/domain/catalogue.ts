import { AppError } from '@portal/kernel';
import type { CatalogueStation, CatalogueEvent, StationCatalogueEvent } from '../contracts/events.js';
import type { CertificateRule, ContentEntry, Question } from '../contracts/pack.js';
import { entryLinkIn, pageIn, routeAreaIn } from '../contracts/routes.js';

/**
 * The catalogue as the rules see it: stations (with their entries), questions and certificate
 * rules, indexed. Built from the catalogue read model; pure.
 */
export interface CatalogueModel {
  stations: Map<string, CatalogueStation>;
  byPath: Map<string, string>;
  /** Map station id -> its Detail stations, sorted by listing order */
  children: Map<string, string[]>;
  entries: Map<string, { stationId: string; entry: ContentEntry }>;
  questions: Map<string, Question>;
  certificates: CertificateRule[];
  /** entry id -> when its definition or files last changed, and when it first appeared */
  entryDates: Map<string, { mediaUpdatedAt: string; uploadDate: string }>;
  /** every station sorted by listing order then id */
  ordered: string[];
}

const byListing = (a: CatalogueStation, b: CatalogueStation) => a.listingOrder - b.listingOrder || a.stationId.localeCompare(b.stationId);

export function buildCatalogueModel(input: {
  stations: CatalogueStation[];
  questions?: Question[];
  certificates?: CertificateRule[];
  entryDates?: Record<string, { mediaUpdatedAt: string; uploadDate: string }>;
}): CatalogueModel {
  const stations = new Map(input.stations.map((s) => [s.stationId, s]));
  const byPath = new Map(input.stations.map((s) => [s.path, s.stationId]));
  const children = new Map<string, string[]>();
  for (const s of [...input.stations].sort(byListing)) {
    if (!s.parent || !stations.has(s.parent)) continue;
    children.set(s.parent, [...(children.get(s.parent) ?? []), s.stationId]);
  }
  const entries = new Map<string, { stationId: string; entry: ContentEntry }>();
  for (const s of input.stations) for (const e of s.entries) entries.set(e.entryId, { stationId: s.stationId, entry: e });
  return {
    stations,
    byPath,
    children,
    entries,
    questions: new Map((input.questions ?? []).map((q) => [q.questionId, q])),
    certificates: input.certificates ?? [],
    entryDates: new Map(Object.entries(input.entryDates ?? {})),
    ordered: depthFirst(input.stations, stations, children),
  };
}

/** Catalogue order: roots by listing order, each followed by its children by listing order. */
function depthFirst(all: CatalogueStation[], stations: Map<string, CatalogueStation>, children: Map<string, string[]>): string[] {
  const out: string[] = [];
  const visit = (id: string, seen: Set<string>) => {
    if (seen.has(id)) return;
    seen.add(id);
    out.push(id);
    for (const c of children.get(id) ?? []) visit(c, seen);
  };
  const seen = new Set<string>();
  for (const s of [...all].sort(byListing)) if (!s.parent || !stations.has(s.parent)) visit(s.stationId, seen);
  return out;
}

export function stationOf(model: CatalogueModel, stationId: string): CatalogueStation | undefined {
  return model.stations.get(stationId);
}

/** The top ancestor (crop, journey or the station itself). */
export function rootOf(model: CatalogueModel, stationId: string): CatalogueStation {
  let current = model.stations.get(stationId);
  if (!current) throw new AppError('404');
  const seen = new Set<string>();
  while (current.parent && model.stations.has(current.parent) && !seen.has(current.parent)) {
    seen.add(current.stationId);
    current = model.stations.get(current.parent)!;
  }
  return current;
}

/** Active entries of a station in display order. */
export function entriesOf(station: CatalogueStation): ContentEntry[] {
  return [...station.entries].sort((a, b) => a.displayOrder - b.displayOrder || a.entryId.localeCompare(b.entryId));
}

export function activeChildren(model: CatalogueModel, stationId: string): CatalogueStation[] {
  return (model.children.get(stationId) ?? []).map((id) => model.stations.get(id)!).filter((s) => s.isActive);
}

/** The entries a station's content consists of: its own, plus its active children's for a Map station. */
export function contentEntriesOf(model: CatalogueModel, stationId: string): ContentEntry[] {
  const station = model.stations.get(stationId);
  if (!station) return [];
  const own = entriesOf(station);
  if (station.type !== 'Map') return own;
  return [...own, ...activeChildren(model, stationId).flatMap((c) => entriesOf(c))];
}

/** 000 §2.1: the route area of an item picks its named route. */
export const routeAreaOf = (model: CatalogueModel, stationId: string): CatalogueStation['routeArea'] => routeAreaIn(model.stations, stationId);

export const pageTo = (model: CatalogueModel, stationId: string): string => pageIn(model.stations, stationId);

/** 000 §2.1 content link: group, video (the entry id) and start=true. */
export const entryLink = (model: CatalogueModel, stationId: string, entry: Pick<ContentEntry, 'entryId' | 'groupKey'>): string => entryLinkIn(model.stations, stationId, entry);

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

export const catalogueItemDecider = { decide: decideCatalogueItem, evolve: evolveCatalogueItem, initial: initialCatalogueItemState };
export type { StationCatalogueEvent };
