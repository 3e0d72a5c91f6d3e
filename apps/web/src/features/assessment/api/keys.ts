import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the assessment screens. Everything an answer can change lives under
 * ['assessment', 'data'] and is invalidated with one call after every answer (question sets,
 * NPS, scores, certificates, adaptive learning, recommendations).
 */
export const ASSESSMENT_DATA = ['assessment', 'data'] as const;

export const assessmentKeys = {
  stationQuestions: (stationId: string) => [...ASSESSMENT_DATA, 'questions', 'station', stationId] as const,
  entryQuestions: (entryId: string) => [...ASSESSMENT_DATA, 'questions', 'entry', entryId] as const,
  nps: () => [...ASSESSMENT_DATA, 'nps'] as const,
  scores: () => [...ASSESSMENT_DATA, 'scores'] as const,
  stationScore: (stationId: string) => [...ASSESSMENT_DATA, 'scores', 'station', stationId] as const,
  certificates: (cropId: string | null) => [...ASSESSMENT_DATA, 'certificates', cropId ?? 'all'] as const,
  learning: (stationId: string | null) => [...ASSESSMENT_DATA, 'learning', stationId ?? 'default'] as const,
  /** GET /adaptive/recommendations: the shell's realtime handler invalidates this key on `recommendations` */
  recommendations: () => [...ASSESSMENT_DATA, 'recommendations'] as const,
  /** public: not tied to answers (guests too) */
  surveys: (country: string) => ['assessment', 'surveys', country] as const,
  survey: (country: string, surveyPath: string) => ['assessment', 'survey', country, surveyPath] as const,
  verify: (code: string) => ['assessment', 'verify', code] as const,
};

/** The recommendations query key (000 §4.3: reloaded when invalidated; the server pushes `recommendations` over SSE). */
export const RECOMMENDATIONS_QUERY_KEY = assessmentKeys.recommendations();

export const invalidateRecommendations = (client: QueryClient): Promise<void> => client.invalidateQueries({ queryKey: RECOMMENDATIONS_QUERY_KEY });

/** After any answer: scores, certificates, progress and recommendations are stale (000 §4.3). */
export const invalidateAfterAnswer = (client: QueryClient): Promise<void> => client.invalidateQueries({ queryKey: ASSESSMENT_DATA });
