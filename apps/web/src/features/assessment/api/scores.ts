import { queryOptions, useQuery } from '@tanstack/react-query';
import { scoringRoutes, scoresResponseSchema, stationScoreResponseSchema } from '@portal/scoring/contracts/http';
import type { z } from 'zod';
import { callRoute } from '../../../shared/api/client';
import { assessmentKeys } from './keys';

export type ScoresResponse = z.infer<typeof scoresResponseSchema>;
export type StationScore = z.infer<typeof stationScoreResponseSchema>;

/** GET /api/scores: the score detail per crop and in total (000 §3, §9). */
export const fetchScores = (signal?: AbortSignal): Promise<ScoresResponse> => callRoute(scoringRoutes.scores, { signal });

export const scoresQueryOptions = () => queryOptions({ queryKey: assessmentKeys.scores(), queryFn: ({ signal }) => fetchScores(signal) });

export const useScores = () => useQuery(scoresQueryOptions());

/** GET /api/scores/station/:stationId: the main header's active content score (000 §2.8). */
export const fetchStationScore = (stationId: string, signal?: AbortSignal): Promise<StationScore> =>
  callRoute(scoringRoutes.stationScore, { params: { stationId }, signal });

export const stationScoreQueryOptions = (stationId: string) =>
  queryOptions({ queryKey: assessmentKeys.stationScore(stationId), queryFn: ({ signal }) => fetchStationScore(stationId, signal) });

export const useStationScore = (stationId: string | null) =>
  useQuery({ ...stationScoreQueryOptions(stationId ?? ''), enabled: stationId !== null });
