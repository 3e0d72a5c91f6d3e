import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { learningRoutes, type RouteResolution, type StationDetail } from '@portal/learning/contracts/http';
import { callRoute } from '../../../shared/api/client';
import type { JourneyListPlaylist } from '../model/learning-paths';
import { LEARNING_DATA, viewer } from './keys';

/** GET /api/catalogue/route?path=: a /station, /training or /journey path to its stations (user or guest). */
export const fetchRouteResolution = (path: string, signal?: AbortSignal): Promise<RouteResolution> =>
  callRoute(learningRoutes.route, { query: { path }, signal });

export const routeResolutionQueryOptions = (path: string) =>
  queryOptions({
    queryKey: [...LEARNING_DATA, 'route', viewer(), path] as const,
    queryFn: ({ signal }) => fetchRouteResolution(path, signal),
  });

export const useRouteResolution = (path: string) => useSuspenseQuery(routeResolutionQueryOptions(path));

/** GET /api/stations/:stationId: one station with entries, states, locks and progress (user or guest). */
export const fetchStation = (stationId: string, signal?: AbortSignal): Promise<StationDetail> =>
  callRoute(learningRoutes.station, { params: { stationId }, signal });

export const stationQueryOptions = (stationId: string) =>
  queryOptions({
    queryKey: [...LEARNING_DATA, 'station', viewer(), stationId] as const,
    queryFn: ({ signal }) => fetchStation(stationId, signal),
  });

export const useStation = (stationId: string) => useSuspenseQuery(stationQueryOptions(stationId));

/** GET /api/training: the crops with progress and certificates. */
export const fetchTraining = (signal?: AbortSignal) => callRoute(learningRoutes.training, { signal });

export const trainingQueryOptions = () => queryOptions({ queryKey: [...LEARNING_DATA, 'training'] as const, queryFn: ({ signal }) => fetchTraining(signal) });

export const useTraining = () => useSuspenseQuery(trainingQueryOptions());

/** GET /api/journey: trails, competence and library, and ctb_cast for Brazil. */
export const fetchJourneyHome = (signal?: AbortSignal) => callRoute(learningRoutes.journey, { signal });

export const journeyHomeQueryOptions = () => queryOptions({ queryKey: [...LEARNING_DATA, 'journey'] as const, queryFn: ({ signal }) => fetchJourneyHome(signal) });

export const useJourneyHome = () => useSuspenseQuery(journeyHomeQueryOptions());

/** GET /api/journey/list?playlist=: my training, by status. */
export const fetchJourneyList = (playlist: JourneyListPlaylist, signal?: AbortSignal) => callRoute(learningRoutes.journeyList, { query: { playlist }, signal });

export const journeyListQueryOptions = (playlist: JourneyListPlaylist) =>
  queryOptions({ queryKey: [...LEARNING_DATA, 'journey-list', playlist] as const, queryFn: ({ signal }) => fetchJourneyList(playlist, signal) });

export const useJourneyList = (playlist: JourneyListPlaylist) => useSuspenseQuery(journeyListQueryOptions(playlist));
