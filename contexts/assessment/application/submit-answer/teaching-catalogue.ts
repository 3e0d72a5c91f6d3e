import { requiredEntriesOf, type CatalogueModel } from '@portal/learning/contracts';
import type { TeachingCatalogue } from '../../domain/index.js';

/** The catalogue model as the recommendation rule reads it (assessment's domain knows no catalogue model). */
export const teachingCatalogueOf = (cat: CatalogueModel): TeachingCatalogue => ({
  teaches: (questionId) => cat.questions.get(questionId)?.teachesEntryIds ?? [],
  entriesAsking: (questionId) => (cat.entriesAsking.get(questionId) ?? []).map((a) => a.entryId),
  stationsAsking: (questionId) => cat.stationsAsking.get(questionId) ?? [],
  requiredEntries: (stationId) => requiredEntriesOf(cat, stationId).map((e) => e.entryId),
  hasEntry: (entryId) => cat.entries.has(entryId),
});
