import { describe, expect, it } from 'vitest';
import { buildCatalogueModel, type CatalogueStation, type Question } from '@portal/learning/contracts';
import { placeAnswer } from './placement.js';

const q = (questionId: string): Question => ({
  questionId,
  label: { 'pt-BR': questionId, es: questionId, en: questionId },
  enunciations: [],
  hasScore: true,
  showOptionPrefix: true,
  hideResult: false,
  ignoreScore: false,
  allowRetry: false,
  teachesEntryIds: [],
  options: [],
});
const station = { stationId: 's1', path: 's1', type: 'Detail', questions: { questionIds: ['q1', 'q2'], inactive: false, mandatoryAnswerAll: false, minCorrectAnswers: 0 }, entries: [{ entryId: 'e1', questionsIds: ['q2', 'q3'], displayOrder: 0 }] } as unknown as CatalogueStation;
const cat = buildCatalogueModel({ stations: [station], questions: ['q1', 'q2', 'q3', 'q9', 'av1'].map(q) });

describe('where an answer is placed (ADR 0041)', () => {
  it('takes the overlay\'s place when it asks the question', () => {
    expect(placeAnswer(cat, 'q2', { entryId: 'e1' })).toEqual({ context: 'media', stationId: 's1', entryId: 'e1' });
    expect(placeAnswer(cat, 'q2', { stationId: 's1' })).toEqual({ context: 'station', stationId: 's1', entryId: null });
    expect(placeAnswer(cat, 'q3', { stationId: 's1' })).toEqual({ context: 'media', stationId: 's1', entryId: 'e1' });
    expect(placeAnswer(cat, 'q1', { stationId: 's1', context: 'adaptive_learning' })).toEqual({ context: 'adaptive_learning', stationId: 's1', entryId: null });
  });
  it('finds the place without a hint: station config first, then entries, else adaptive', () => {
    expect(placeAnswer(cat, 'q2', {})).toEqual({ context: 'station', stationId: 's1', entryId: null });
    expect(placeAnswer(cat, 'q3', {})).toEqual({ context: 'media', stationId: 's1', entryId: 'e1' });
    expect(placeAnswer(cat, 'q9', {})).toEqual({ context: 'adaptive_learning', stationId: null, entryId: null });
    expect(placeAnswer(cat, 'av1', { stationId: 's1', context: 'station' })).toEqual({ context: 'nps', stationId: null, entryId: null });
  });
  it('refuses a place that does not ask the question', () => {
    expect(() => placeAnswer(cat, 'q1', { entryId: 'e1' })).toThrow();
    expect(() => placeAnswer(cat, 'q9', { stationId: 's1' })).toThrow();
    expect(() => placeAnswer(cat, 'q1', { stationId: 'nope' })).toThrow();
  });
});
