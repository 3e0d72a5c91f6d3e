import type { Principal } from '@portal/kernel';
import { stationAccessIn, type StationAccess } from './access.js';
import type { CatalogueStation } from './events.js';
import type { QuestionsProgress } from './http.js';
import type { CertificateRule, ContentEntry, Question, Station } from './pack.js';
import { entryLinkIn, pageIn, routeAreaIn } from './routes.js';

/**
 * The catalogue, modelled once (ADR 0009): stations with their entries, questions and certificate
 * rules, indexed, built from the catalogue read model. Learning's screens, assessment's questions
 * and answers and scoring's scores and certificates read this one model through the `CATALOGUE`
 * port (libs/platform), and judge stations with the helpers below (station progress; whether a
 * certificate is earned is scoring's rule, ADR 0088). Pure; imports only contracts.
 */

/** A catalogue item with the revision it is live at (answers and certificates record it). */
export type Revised<T> = T & { revision: number };

// ---------------------------------------------------------------- the station view

/** What the station view reads of an entry. */
export interface ViewEntry {
  entryId: string;
  optional: boolean;
  questionsIds: readonly string[];
  displayOrder?: number;
}

/** What the station view reads of a station (a full `Station`, or a read model's copy of these fields). */
export interface ViewStation {
  stationId: string;
  parent?: string | null;
  type: Station['type'];
  isActive: boolean;
  listingOrder?: number;
  entries: readonly ViewEntry[];
  questions?: Station['questions'] | null;
}

/** Stations by id, and each Map station's Detail stations in listing order. */
export interface StationIndex<S extends ViewStation = ViewStation> {
  stations: ReadonlyMap<string, S>;
  children: ReadonlyMap<string, readonly string[]>;
}

/** The fields of a station the station view (and a read model that stores it) keeps. */
export const viewStationOf = (s: Station): ViewStation => ({
  stationId: s.stationId,
  parent: s.parent ?? null,
  type: s.type,
  isActive: s.isActive,
  entries: s.entries.map((e) => ({ entryId: e.entryId, optional: e.optional, questionsIds: e.questionsIds })),
  questions: s.questions ?? null,
});

const byListing = (a: ViewStation, b: ViewStation) => (a.listingOrder ?? 0) - (b.listingOrder ?? 0) || a.stationId.localeCompare(b.stationId);
const byDisplay = (a: ViewEntry, b: ViewEntry) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0) || a.entryId.localeCompare(b.entryId);

export function indexStations<S extends ViewStation>(list: readonly S[]): StationIndex<S> {
  const stations = new Map(list.map((s) => [s.stationId, s]));
  const children = new Map<string, string[]>();
  for (const s of [...list].sort(byListing)) {
    if (!s.parent || !stations.has(s.parent)) continue;
    children.set(s.parent, [...(children.get(s.parent) ?? []), s.stationId]);
  }
  return { stations, children };
}

/** A station's entries in display order. */
export function entriesOf<E extends ViewEntry>(station: { entries: readonly E[] }): E[] {
  return [...station.entries].sort(byDisplay);
}

export function activeChildren<S extends ViewStation>(index: StationIndex<S>, stationId: string): S[] {
  return (index.children.get(stationId) ?? []).map((id) => index.stations.get(id)!).filter((s) => s.isActive);
}

type EntryOf<S extends ViewStation> = S['entries'][number];

/** The entries a station's content consists of: its own, plus its active children's for a Map station. */
export function contentEntriesOf<S extends ViewStation>(index: StationIndex<S>, stationId: string): EntryOf<S>[] {
  const station = index.stations.get(stationId);
  if (!station) return [];
  const own = entriesOf<EntryOf<S>>(station);
  if (station.type !== 'Map') return own;
  return [...own, ...activeChildren(index, stationId).flatMap((c) => entriesOf<EntryOf<S>>(c))];
}

/** Non-optional content of a station (a Map's includes its active children's). */
export function requiredEntriesOf<S extends ViewStation>(index: StationIndex<S>, stationId: string): EntryOf<S>[] {
  return contentEntriesOf(index, stationId).filter((e) => !e.optional);
}

/** The top ancestor (crop, journey or the station itself); undefined for an unknown station. */
export function rootOf<S extends ViewStation>(index: StationIndex<S>, stationId: string): S | undefined {
  let current = index.stations.get(stationId);
  if (!current) return undefined;
  const seen = new Set<string>();
  while (current.parent && index.stations.has(current.parent) && !seen.has(current.parent)) {
    seen.add(current.stationId);
    current = index.stations.get(current.parent)!;
  }
  return current;
}

/** What the station view needs to know of one learner. */
export interface StationViewFacts {
  /** entry ids with completedAt */
  completed: ReadonlySet<string>;
  /** current answer correctness by question id */
  answers: ReadonlyMap<string, { isCorrect: boolean }>;
}

/** 000 §4.3 questions progress: null when the config is inactive or has no questions. */
export function questionsProgressOf(config: Station['questions'] | null | undefined, answers: StationViewFacts['answers']): QuestionsProgress {
  if (!config || config.inactive || config.questionIds.length === 0) return null;
  const total = config.questionIds.length;
  let answered = 0;
  let correct = 0;
  for (const q of config.questionIds) {
    const a = answers.get(q);
    if (!a) continue;
    answered += 1;
    if (a.isCorrect) correct += 1;
  }
  const mandatoryUnmet = config.mandatoryAnswerAll && answered < total;
  const belowMin = config.minCorrectAnswers > 0 && correct < config.minCorrectAnswers;
  return {
    total,
    answered,
    correct,
    isComplete: answered === total,
    requirementsMet: !mandatoryUnmet && !belowMin,
    mandatoryAnswerAll: config.mandatoryAnswerAll,
    minCorrectAnswers: config.minCorrectAnswers,
  };
}

export function stationMediaComplete(index: StationIndex, facts: Pick<StationViewFacts, 'completed'>, stationId: string): boolean {
  return requiredEntriesOf(index, stationId).every((e) => facts.completed.has(e.entryId));
}

/**
 * 000 §4.3 station crop progress: media complete (every non-optional entry, a Map's active
 * children included), questions complete (all answered and the requirements met, or none asked),
 * media questions complete (every entry's questions answered, right or wrong). An unknown
 * (retired) station is never complete.
 */
export function cropProgressOf(index: StationIndex, facts: StationViewFacts, stationId: string) {
  const station = index.stations.get(stationId);
  if (!station) return { isCompleted: false, mediaCompleted: false, questionsCompleted: false, mediaQuestionsCompleted: false };
  const mediaCompleted = stationMediaComplete(index, facts, stationId);
  const qp = questionsProgressOf(station.questions, facts.answers);
  const questionsCompleted = qp === null || (qp.isComplete && qp.requirementsMet);
  const mediaQuestionsCompleted = contentEntriesOf(index, stationId).every((e) => e.questionsIds.every((q) => facts.answers.has(q)));
  return { isCompleted: mediaCompleted && questionsCompleted && mediaQuestionsCompleted, mediaCompleted, questionsCompleted, mediaQuestionsCompleted };
}

// ---------------------------------------------------------------- the catalogue model

export interface CatalogueModel extends StationIndex<CatalogueStation> {
  /** every station not retired (inactive ones included) */
  stations: Map<string, CatalogueStation>;
  byPath: Map<string, string>;
  /** Map station id -> its Detail stations, sorted by listing order */
  children: Map<string, string[]>;
  entries: Map<string, { stationId: string; entry: ContentEntry }>;
  questions: Map<string, Revised<Question>>;
  certificates: Revised<CertificateRule>[];
  /** entry id -> when its definition or files last changed, and when it first appeared */
  entryDates: Map<string, { mediaUpdatedAt: string; uploadDate: string }>;
  /** every station sorted by listing order then id, each Map followed by its children */
  ordered: string[];
  /** question id -> stations whose questions config lists it (listing order) */
  stationsAsking: Map<string, string[]>;
  /** question id -> entries whose questionsIds list it (listing order, then display order) */
  entriesAsking: Map<string, { stationId: string; entryId: string }[]>;
}

/** An item read without its revision (a test's hand-made catalogue) counts as its first. */
const revised = <T extends object>(item: T & { revision?: number }): Revised<T> => ({ ...item, revision: item.revision ?? 1 });

export function buildCatalogueModel(input: {
  stations: CatalogueStation[];
  questions?: (Question & { revision?: number })[];
  certificates?: (CertificateRule & { revision?: number })[];
  entryDates?: Record<string, { mediaUpdatedAt: string; uploadDate: string }>;
}): CatalogueModel {
  const { stations, children } = indexStations(input.stations) as { stations: Map<string, CatalogueStation>; children: Map<string, string[]> };
  const entries = new Map<string, { stationId: string; entry: ContentEntry }>();
  for (const s of input.stations) for (const e of s.entries) entries.set(e.entryId, { stationId: s.stationId, entry: e });
  const stationsAsking = new Map<string, string[]>();
  const entriesAsking = new Map<string, { stationId: string; entryId: string }[]>();
  for (const s of [...input.stations].sort(byListing)) {
    for (const q of s.questions?.questionIds ?? []) stationsAsking.set(q, [...(stationsAsking.get(q) ?? []), s.stationId]);
    for (const e of entriesOf(s)) for (const q of e.questionsIds) entriesAsking.set(q, [...(entriesAsking.get(q) ?? []), { stationId: s.stationId, entryId: e.entryId }]);
  }
  return {
    stations,
    byPath: new Map(input.stations.map((s) => [s.path, s.stationId])),
    children,
    entries,
    questions: new Map((input.questions ?? []).map((q) => [q.questionId, revised(q)])),
    certificates: (input.certificates ?? []).map(revised),
    entryDates: new Map(Object.entries(input.entryDates ?? {})),
    ordered: depthFirst(input.stations, stations, children),
    stationsAsking,
    entriesAsking,
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

/** 000 §2.1: the route area of an item picks its named route (a Detail inherits its Map's). */
export const routeAreaOf = (model: CatalogueModel, stationId: string): Station['routeArea'] => routeAreaIn(model.stations, stationId);

/** The SPA path of a station (000 §2.1 named routes). */
export const pageTo = (model: CatalogueModel, stationId: string): string => pageIn(model.stations, stationId);

/** 000 §2.1 content link: group, video (the entry id) and start=true. */
export const entryLink = (model: CatalogueModel, stationId: string, entry: Pick<ContentEntry, 'entryId' | 'groupKey'>): string => entryLinkIn(model.stations, stationId, entry);

/** Who may open a station (000 §6; `stationAccessIn`). */
export const stationAccess = (model: CatalogueModel, principal: Principal, stationId: string): StationAccess => stationAccessIn(model.stations, principal, stationId);

// ---------------------------------------------------------------- the port

/**
 * The catalogue as every context reads it (DI token `CATALOGUE` in libs/platform): one model per
 * process, held in memory by learning's application and reloaded when the catalogue read model
 * moves (at most 10 s late on an instance that does not run that projection).
 */
export interface CatalogueReader {
  /** The current model (cached). */
  model(): Promise<CatalogueModel>;
  /** After a miss: wait until the read model holds everything committed (a pack just imported), then read again. */
  fresh(): Promise<CatalogueModel>;
}
