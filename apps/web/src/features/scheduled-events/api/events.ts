import { keepPreviousData, mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventsRoutes, type CancelEventBody, type MyEventsQuery, type ScheduledEvent, type ScheduledEventBody, type ScheduledEventList } from '@portal/events/contracts/http';
import { callRoute } from '../../../shared/api/client';
import { toListQuery, type EventFilters } from '../model/event-filters';
import { EVENTS_DATA, invalidateEventsData } from './keys';

/** GET /api/scheduledEvents/all: the staff list, filtered and paged (tc_admin, tc_manager). */
export const fetchEvents = (filters: EventFilters, page: number, signal?: AbortSignal): Promise<ScheduledEventList> =>
  callRoute(eventsRoutes.list, { query: toListQuery(filters, page), signal });

export const eventsQueryOptions = (filters: EventFilters, page: number) =>
  queryOptions({ queryKey: [...EVENTS_DATA, 'list', filters, page] as const, queryFn: ({ signal }) => fetchEvents(filters, page, signal), staleTime: 10_000 });

export const useEvents = (filters: EventFilters, page: number) => useQuery({ ...eventsQueryOptions(filters, page), placeholderData: keepPreviousData });

/** GET /api/scheduledEvents/:id: staff see every event; a learner a published one meant for them, with `me`. */
export const fetchEvent = (eventId: string, signal?: AbortSignal): Promise<ScheduledEvent> => callRoute(eventsRoutes.get, { params: { id: eventId }, signal });

export const eventQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: [...EVENTS_DATA, 'event', eventId] as const, queryFn: ({ signal }) => fetchEvent(eventId, signal), staleTime: 10_000 });

export const useEvent = (eventId: string) => useQuery(eventQueryOptions(eventId));

/** GET /api/scheduledEvents/mine: published events meant for me, with my enrolment. */
export const fetchMyEvents = (when: NonNullable<MyEventsQuery['when']>, signal?: AbortSignal): Promise<ScheduledEventList> =>
  callRoute(eventsRoutes.mine, { query: { when, limit: 100 }, signal });

export const myEventsQueryOptions = (when: NonNullable<MyEventsQuery['when']>) =>
  queryOptions({ queryKey: [...EVENTS_DATA, 'mine', when] as const, queryFn: ({ signal }) => fetchMyEvents(when, signal), staleTime: 10_000 });

export const useMyEvents = (when: NonNullable<MyEventsQuery['when']>) => useQuery({ ...myEventsQueryOptions(when), placeholderData: keepPreviousData });

/** POST /api/scheduledEvents or PUT /api/scheduledEvents/:id (tc_admin of Brazil). */
export const saveEvent = ({ eventId, body }: { eventId: string | null; body: ScheduledEventBody }): Promise<ScheduledEvent> =>
  eventId ? callRoute(eventsRoutes.update, { params: { id: eventId }, body }) : callRoute(eventsRoutes.create, { body });

export type EventStateChange = { eventId: string; change: 'publish' } | { eventId: string; change: 'finish' } | { eventId: string; change: 'cancel'; body: CancelEventBody };

/** POST /api/scheduledEvents/:id/publish, /cancel {reason} or /finish. */
export const changeEventState = (c: EventStateChange): Promise<ScheduledEvent> => {
  const params = { id: c.eventId };
  switch (c.change) {
    case 'publish':
      return callRoute(eventsRoutes.publish, { params });
    case 'finish':
      return callRoute(eventsRoutes.finish, { params });
    case 'cancel':
      return callRoute(eventsRoutes.cancel, { params, body: c.body });
  }
};

/** POST /api/scheduledEvents/materials/:id: the new files (001 §5: only those without an id) as the multipart field `files`. */
export const uploadMaterials = ({ eventId, files }: { eventId: string; files: readonly File[] }): Promise<ScheduledEvent> => {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return callRoute(eventsRoutes.uploadMaterials, { params: { id: eventId }, body: form });
};

/** DELETE /api/scheduledEvents/materials/:id (the material's id). */
export const removeMaterial = (materialId: string): Promise<ScheduledEvent> => callRoute(eventsRoutes.removeMaterial, { params: { id: materialId } });

const eventWrite = <V>(name: string, mutationFn: (v: V) => Promise<ScheduledEvent>) => mutationOptions({ mutationKey: [...EVENTS_DATA, name] as const, mutationFn });

export const saveEventMutationOptions = () => eventWrite('save', saveEvent);
export const changeEventStateMutationOptions = () => eventWrite('state', changeEventState);
export const uploadMaterialsMutationOptions = () => eventWrite('upload', uploadMaterials);
export const removeMaterialMutationOptions = () => eventWrite('removeMaterial', removeMaterial);

/** Every event write answers the event: it becomes the cached detail, and the lists refetch. */
const useEventWrite = <V>(options: ReturnType<typeof eventWrite<V>>) => {
  const client = useQueryClient();
  return useMutation({
    ...options,
    onSuccess: (event) => {
      client.setQueryData(eventQueryOptions(event.eventId).queryKey, event);
      return invalidateEventsData(client);
    },
  });
};

export const useSaveEvent = () => useEventWrite(saveEventMutationOptions());
export const useChangeEventState = () => useEventWrite(changeEventStateMutationOptions());
export const useUploadMaterials = () => useEventWrite(uploadMaterialsMutationOptions());
export const useRemoveMaterial = () => useEventWrite(removeMaterialMutationOptions());
