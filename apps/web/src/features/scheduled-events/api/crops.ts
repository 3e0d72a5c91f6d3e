import { queryOptions, useQuery } from '@tanstack/react-query';
import { learningRoutes, type StationSummary } from '@portal/learning/contracts/http';
import { callRoute } from '../../../shared/api/client';
import { SCHEDULED_EVENTS_QUERIES } from './keys';

/**
 * GET /api/stations: the crops (top-level Map stations) offered as an event's cultures. An
 * event's cultures are station ids (ADR 0060: learners allowed one of them see it); the list is
 * a suggestion, any id may be typed.
 */
export const fetchCrops = async (signal?: AbortSignal): Promise<Pick<StationSummary, 'stationId' | 'title'>[]> =>
  (await callRoute(learningRoutes.stations, { query: {}, signal })).filter((s) => s.type === 'Map' && s.parentId === null);

export const cropsQueryOptions = () => queryOptions({ queryKey: [...SCHEDULED_EVENTS_QUERIES, 'crops'] as const, queryFn: ({ signal }) => fetchCrops(signal), staleTime: 5 * 60_000 });

export const useCrops = () => useQuery(cropsQueryOptions());
