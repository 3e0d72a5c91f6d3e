import type { Kysely } from 'kysely';
import { jsonValue } from '@portal/database';
import type { Principal } from '@portal/kernel';
import { entryLinkIn, pageIn, routeAreaIn, stationAccessIn, type StationAccess, type CertificateRule, type ContentEntry, type Question, type Station } from '@portal/learning/contracts';

/**
 * The catalogue as assessment and scoring read it, indexed: where each question is asked
 * (station questions configs, entries' questionsIds), station roots (crops), links and access.
 * Pure functions over the rows of the questions read model.
 */
export interface AssessmentCatalogue {
  /** every station not retired (inactive ones included) */
  stations: Map<string, Station>;
  questions: Map<string, { question: Question; revision: number }>;
  certificates: { rule: CertificateRule; revision: number }[];
  entries: Map<string, { stationId: string; entry: ContentEntry }>;
  /** Map station id -> its Detail stations by listing order */
  children: Map<string, string[]>;
  /** question id -> stations whose questions config lists it */
  stationsAsking: Map<string, string[]>;
  /** question id -> entries whose questionsIds list it */
  entriesAsking: Map<string, { stationId: string; entryId: string }[]>;
}

const parse = jsonValue;
const byListing = (a: Station, b: Station) => a.listingOrder - b.listingOrder || a.stationId.localeCompare(b.stationId);

export function buildCatalogue(input: { stations: Station[]; questions: { question: Question; revision: number }[]; certificates: { rule: CertificateRule; revision: number }[] }): AssessmentCatalogue {
  const stations = new Map(input.stations.map((s) => [s.stationId, s]));
  const children = new Map<string, string[]>();
  for (const s of [...input.stations].sort(byListing)) {
    if (!s.parent || !stations.has(s.parent)) continue;
    children.set(s.parent, [...(children.get(s.parent) ?? []), s.stationId]);
  }
  const entries = new Map<string, { stationId: string; entry: ContentEntry }>();
  const stationsAsking = new Map<string, string[]>();
  const entriesAsking = new Map<string, { stationId: string; entryId: string }[]>();
  for (const s of [...input.stations].sort(byListing)) {
    for (const q of s.questions?.questionIds ?? []) stationsAsking.set(q, [...(stationsAsking.get(q) ?? []), s.stationId]);
    for (const e of [...s.entries].sort((a, b) => a.displayOrder - b.displayOrder)) {
      entries.set(e.entryId, { stationId: s.stationId, entry: e });
      for (const q of e.questionsIds) entriesAsking.set(q, [...(entriesAsking.get(q) ?? []), { stationId: s.stationId, entryId: e.entryId }]);
    }
  }
  return {
    stations,
    questions: new Map(input.questions.map((q) => [q.question.questionId, q])),
    certificates: input.certificates,
    entries,
    children,
    stationsAsking,
    entriesAsking,
  };
}

/** Reads the live rows (retired items left out). */
export async function loadCatalogue(reader: Kysely<any>): Promise<AssessmentCatalogue> {
  const [stations, questions, certificates] = await Promise.all([
    reader.selectFrom('stations').select(['station']).where('retired', '=', false).execute(),
    reader.selectFrom('questions').select(['question', 'revision']).where('retired', '=', false).execute(),
    reader.selectFrom('certificate_rules').select(['rule', 'revision']).where('retired', '=', false).execute(),
  ]);
  return buildCatalogue({
    stations: stations.map((r) => parse<Station>(r.station)),
    questions: questions.map((r) => ({ question: parse<Question>(r.question), revision: Number(r.revision) })),
    certificates: certificates.map((r) => ({ rule: parse<CertificateRule>(r.rule), revision: Number(r.revision) })),
  });
}

/** A retired question still answers "what was it" (answers keep pointing at it). */
export async function findQuestionAnyState(reader: Kysely<any>, questionId: string): Promise<{ question: Question; revision: number; retired: boolean } | null> {
  const row = await reader.selectFrom('questions').select(['question', 'revision', 'retired']).where('question_id', '=', questionId).executeTakeFirst();
  return row ? { question: parse<Question>(row.question), revision: Number(row.revision), retired: Boolean(row.retired) } : null;
}

/** The root of a station: its parent Map, or itself (a crop, a journey, a stand-alone station). */
export function rootOf(cat: AssessmentCatalogue, stationId: string): Station | undefined {
  const station = cat.stations.get(stationId);
  if (!station) return undefined;
  const parent = station.parent ? cat.stations.get(station.parent) : undefined;
  return parent ?? station;
}

/** 000 §2.1: the route area of an item picks its named route (a Detail inherits its Map's). */
export const routeAreaOf = (cat: AssessmentCatalogue, stationId: string): Station['routeArea'] => routeAreaIn(cat.stations, stationId);

export const pageTo = (cat: AssessmentCatalogue, stationId: string): string => pageIn(cat.stations, stationId);

/** 000 §2.1 content link: group, video (the entry id) and start=true. */
export const entryLink = (cat: AssessmentCatalogue, stationId: string, entry: Pick<ContentEntry, 'entryId' | 'groupKey'>): string => entryLinkIn(cat.stations, stationId, entry);

/** Station access as the learning context defines it (000 §6; learning's contracts). */
export const stationAccess = (cat: AssessmentCatalogue, principal: Principal, stationId: string): StationAccess => stationAccessIn(cat.stations, principal, stationId);

/** Non-optional entries of a station (a Map's include its active children's). */
export function requiredEntriesOf(cat: AssessmentCatalogue, stationId: string): ContentEntry[] {
  const station = cat.stations.get(stationId);
  if (!station) return [];
  const own = [...station.entries].sort((a, b) => a.displayOrder - b.displayOrder);
  const all = station.type === 'Map' ? [...own, ...(cat.children.get(stationId) ?? []).map((c) => cat.stations.get(c)!).filter((c) => c.isActive).flatMap((c) => c.entries)] : own;
  return all.filter((e) => !e.optional);
}

/**
 * ADR 0043: the content that teaches a question's topic: its teachesEntryIds when the pack sets
 * them; else the entries whose questionsIds ask it; else the non-optional entries of the station
 * whose questions config asks it. Only entries that exist in the catalogue.
 */
export function teachingEntries(cat: AssessmentCatalogue, questionId: string, stationId: string | null): string[] {
  const q = cat.questions.get(questionId)?.question;
  const existing = (ids: string[]) => ids.filter((id) => cat.entries.has(id));
  if (q && q.teachesEntryIds.length > 0) {
    const taught = existing(q.teachesEntryIds);
    if (taught.length > 0) return taught;
  }
  const asking = existing((cat.entriesAsking.get(questionId) ?? []).map((a) => a.entryId));
  if (asking.length > 0) return asking;
  const station = stationId ?? cat.stationsAsking.get(questionId)?.[0] ?? null;
  return station ? requiredEntriesOf(cat, station).map((e) => e.entryId) : [];
}
