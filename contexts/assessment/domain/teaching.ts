/**
 * What the recommendation rule (ADR 0043) needs to know of the catalogue, as plain lookups: the
 * domain stays free of learning's catalogue model; the application adapts the model to this.
 */
export interface TeachingCatalogue {
  /** the question's teachesEntryIds (pack), empty when unknown */
  teaches(questionId: string): readonly string[];
  /** entries whose questionsIds ask the question, in catalogue order */
  entriesAsking(questionId: string): readonly string[];
  /** stations whose questions config asks the question, in listing order */
  stationsAsking(questionId: string): readonly string[];
  /** the non-optional content of a station (a Map's includes its active children's) */
  requiredEntries(stationId: string): readonly string[];
  hasEntry(entryId: string): boolean;
}

/**
 * ADR 0043: the content a wrong answer recommends, the content that teaches the question's topic:
 * its teachesEntryIds when the pack sets them; else the entries whose questionsIds ask it; else
 * the non-optional entries of the station whose questions config asks it (the answer's station,
 * or the first asking one). Only entries that exist in the catalogue.
 */
export function teachingEntries(catalogue: TeachingCatalogue, questionId: string, stationId: string | null): string[] {
  const existing = (ids: readonly string[]) => ids.filter((id) => catalogue.hasEntry(id));
  const taught = existing(catalogue.teaches(questionId));
  if (taught.length > 0) return taught;
  const asking = existing(catalogue.entriesAsking(questionId));
  if (asking.length > 0) return asking;
  const station = stationId ?? catalogue.stationsAsking(questionId)[0] ?? null;
  return station ? [...catalogue.requiredEntries(station)] : [];
}
