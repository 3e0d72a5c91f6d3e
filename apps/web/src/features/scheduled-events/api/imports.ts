import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { eventsRoutes } from '@portal/events/contracts/http';
import type { ImportAttendeesResponse, ImportEventsResponse } from '@portal/events/contracts/imports.http';
import { callRoute } from '../../../shared/api/client';
import { EVENTS_DATA, invalidateEventsData } from './keys';

export interface EventImportRequest {
  file: File;
  dryRun: boolean;
  /** users import: the event of rows that name none */
  eventId?: string | null;
}

const form = (file: File) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
};

/** POST /api/scheduledEvents/import (multipart field "file"): the preview (dryRun) or the import. */
export const importEvents = ({ file, dryRun }: EventImportRequest): Promise<ImportEventsResponse> =>
  callRoute(eventsRoutes.importEvents, { body: form(file), query: { dryRun: dryRun ? 'true' : 'false' } });

/** POST /api/scheduledEvents/import-users (multipart field "file"): users into events, previewed or imported. */
export const importAttendees = ({ file, dryRun, eventId }: EventImportRequest): Promise<ImportAttendeesResponse> =>
  callRoute(eventsRoutes.importAttendees, { body: form(file), query: { dryRun: dryRun ? 'true' : 'false', ...(eventId ? { eventId } : {}) } });

/** The preview and the import of either kind; after an import the feature's data refetch. */
export const useEventImport = <R extends { dryRun: boolean }>(kind: 'events' | 'attendees', fn: (request: EventImportRequest) => Promise<R>) => {
  const client = useQueryClient();
  return useMutation({
    ...mutationOptions({ mutationKey: [...EVENTS_DATA, 'import', kind] as const, mutationFn: fn }),
    onSuccess: (answer) => (answer.dryRun ? undefined : invalidateEventsData(client)),
  });
};
