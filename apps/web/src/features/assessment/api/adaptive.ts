import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assessmentRoutes, recommendationsResponseSchema, type LearningState } from '@portal/assessment/contracts/http';
import type { z } from 'zod';
import { callRoute } from '../../../shared/api/client';
import { assessmentKeys, invalidateRecommendations, RECOMMENDATIONS_QUERY_KEY } from './keys';

export type RecommendationsResponse = z.infer<typeof recommendationsResponseSchema>;

/** GET /api/adaptive/learning?stationId: the track, the active station's questions and the active question. */
export const fetchLearning = (stationId: string | null, signal?: AbortSignal): Promise<LearningState> =>
  callRoute(assessmentRoutes.learning, { query: stationId ? { stationId } : {}, signal });

export const learningQueryOptions = (stationId: string | null) =>
  queryOptions({ queryKey: assessmentKeys.learning(stationId), queryFn: ({ signal }) => fetchLearning(stationId, signal) });

export const useLearning = (stationId: string | null) => useQuery(learningQueryOptions(stationId));

/** GET /api/adaptive/recommendations (000 §4.3: reloaded when never loaded or invalidated). */
export const fetchRecommendations = (signal?: AbortSignal): Promise<RecommendationsResponse> => callRoute(assessmentRoutes.recommendations, { signal });

export const recommendationsQueryOptions = () =>
  queryOptions({ queryKey: RECOMMENDATIONS_QUERY_KEY, queryFn: ({ signal }) => fetchRecommendations(signal), staleTime: Infinity });

export const useRecommendations = () => useQuery(recommendationsQueryOptions());

/** POST /api/adaptive/setVisited/:id (no body). */
export const setVisited = (id: string) => callRoute(assessmentRoutes.setVisited, { params: { id } });

export const useSetVisited = () => {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['assessment', 'set-visited'] as const,
    mutationFn: setVisited,
    onSettled: () => invalidateRecommendations(client),
    onError: (error) => console.warn('Recommendation visit not recorded', error),
  });
};

export { RECOMMENDATIONS_QUERY_KEY, invalidateRecommendations } from './keys';
