import { queryOptions, useQuery } from '@tanstack/react-query';
import { learningRoutes, type StationSummary } from '@portal/learning/contracts/http';
import { callRoute } from '../../../shared/api/client';

/**
 * GET /api/stations: the caller's allowed, active stations (000 §3 station summary) that the
 * side menu, the journey and training headers and the main header's title are built from.
 */
export const fetchStations = (signal?: AbortSignal): Promise<StationSummary[]> => callRoute(learningRoutes.stations, { query: {}, signal });

export const stationsQueryOptions = () =>
  queryOptions({
    queryKey: ['shell', 'stations'] as const,
    queryFn: ({ signal }) => fetchStations(signal),
    staleTime: 5 * 60_000,
  });

/**
 * The stations of a user whose account is ready (verified e-mail, Completed registration: the
 * route answers 403 before); none for a guest or an incomplete account, whose menus then show
 * only what needs no data.
 */
export const useStations = (accountReady: boolean) => useQuery({ ...stationsQueryOptions(), enabled: accountReady });
