import type { CatalogueModel } from '@portal/learning/contracts';
import { isNpsQuestion, type AnswerContext, type AnswerRequest } from '../../contracts/index.js';
import { fieldError } from '../../domain/index.js';

export interface Placement {
  context: AnswerContext;
  stationId: string | null;
  entryId: string | null;
}

/**
 * Where a question is answered (ADR 0041). The overlay may say where it was opened
 * (stationId/entryId); the server checks that this place asks the question. Without a hint the
 * catalogue decides: a station's questions config first, then an entry's questionsIds; a
 * question asked nowhere is an adaptive-learning question. AV1/AV2 are always NPS.
 */
export function placeAnswer(cat: CatalogueModel, questionId: string, input: Pick<AnswerRequest, 'context' | 'stationId' | 'entryId'>): Placement {
  if (isNpsQuestion(questionId)) return { context: 'nps', stationId: null, entryId: null };
  const adaptive = input.context === 'adaptive_learning';
  if (input.entryId) {
    const found = cat.entries.get(input.entryId);
    if (!found) throw fieldError('entryId', 'unknown entry');
    if (!found.entry.questionsIds.includes(questionId)) throw fieldError('entryId', `entry ${input.entryId} does not ask question ${questionId}`);
    if (input.stationId && input.stationId !== found.stationId) throw fieldError('stationId', `entry ${input.entryId} belongs to station ${found.stationId}`);
    return { context: adaptive ? 'adaptive_learning' : 'media', stationId: found.stationId, entryId: input.entryId };
  }
  if (input.stationId) {
    const station = cat.stations.get(input.stationId);
    if (!station) throw fieldError('stationId', 'unknown station');
    if (station.questions?.questionIds.includes(questionId)) return { context: adaptive ? 'adaptive_learning' : 'station', stationId: station.stationId, entryId: null };
    const media = cat.entriesAsking.get(questionId)?.find((a) => a.stationId === station.stationId);
    if (media) return { context: adaptive ? 'adaptive_learning' : 'media', stationId: station.stationId, entryId: media.entryId };
    throw fieldError('stationId', `station ${input.stationId} does not ask question ${questionId}`);
  }
  const station = cat.stationsAsking.get(questionId)?.[0];
  if (station) return { context: adaptive ? 'adaptive_learning' : 'station', stationId: station, entryId: null };
  const media = cat.entriesAsking.get(questionId)?.[0];
  if (media) return { context: adaptive ? 'adaptive_learning' : 'media', stationId: media.stationId, entryId: media.entryId };
  return { context: 'adaptive_learning', stationId: null, entryId: null };
}
