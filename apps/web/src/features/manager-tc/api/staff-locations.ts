import { mutationOptions, queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { bookingRoutes, type Location, type LocationInput } from '@portal/booking/contracts/http';
import { callRoute } from '../../../shared/api/client';
import { invalidateManagerTcData, MANAGER_TC_QUERIES } from './keys';

/** GET /api/booking/staff/locations: every location, inactive ones too (tc_manager, tc_admin). */
export const fetchStaffLocations = (signal?: AbortSignal): Promise<Location[]> => callRoute(bookingRoutes.staffLocations, { signal });

export const staffLocationsQueryOptions = () =>
  queryOptions({
    queryKey: [...MANAGER_TC_QUERIES, 'locations'] as const,
    queryFn: ({ signal }) => fetchStaffLocations(signal),
    staleTime: 60_000,
  });

export const useStaffLocations = () => useSuspenseQuery(staffLocationsQueryOptions());

/** POST /api/locations and PUT /api/locations/:locationId (tc_admin). */
export const saveLocation = ({ locationId, body }: { locationId: string | null; body: LocationInput }): Promise<Location> =>
  locationId ? callRoute(bookingRoutes.updateLocation, { params: { locationId }, body }) : callRoute(bookingRoutes.createLocation, { body });

export const saveLocationMutationOptions = () => mutationOptions({ mutationKey: [...MANAGER_TC_QUERIES, 'saveLocation'] as const, mutationFn: saveLocation });

export const useSaveLocation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...saveLocationMutationOptions(),
    // the locations, calendars and lists of the staff screens; the public booking pages keep theirs
    onSuccess: () => invalidateManagerTcData(queryClient),
  });
};
