import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventsRoutes, type AttendeeList, type Enrolment, type RotatingCode, type ScanActionName, type ScanResult, type TicketScanResults, type TicketScansBody } from '@portal/events/contracts/http';
import type { Locale } from '@portal/kernel';
import { callRoute } from '../../../shared/api/client';
import { EVENTS_CODE, EVENTS_DATA, invalidateEventsData } from './keys';

/** POST /api/scheduledEvents/:id/enrol {lang}: a seat while vacancies last, else the waiting list. */
export const enrol = ({ eventId, lang }: { eventId: string; lang: Locale }): Promise<Enrolment> => callRoute(eventsRoutes.enrol, { params: { id: eventId }, body: { lang } });

/** POST /api/scheduledEvents/:id/withdraw: myself (no userId), or, for tc_admin, the named attendee. */
export const withdraw = ({ eventId, userId }: { eventId: string; userId?: string }): Promise<Enrolment> =>
  callRoute(eventsRoutes.withdraw, { params: { id: eventId }, body: userId ? { userId } : {} });

export const enrolMutationOptions = () => mutationOptions({ mutationKey: [...EVENTS_DATA, 'enrol'] as const, mutationFn: enrol });
export const withdrawMutationOptions = () => mutationOptions({ mutationKey: [...EVENTS_DATA, 'withdraw'] as const, mutationFn: withdraw });

export const useEnrol = () => {
  const client = useQueryClient();
  return useMutation({ ...enrolMutationOptions(), onSuccess: () => invalidateEventsData(client) });
};
export const useWithdraw = () => {
  const client = useQueryClient();
  return useMutation({ ...withdrawMutationOptions(), onSuccess: () => invalidateEventsData(client) });
};

/** GET /api/scheduledEvents/:id/attendees: enrolment, presence and quiz score (staff). */
export const fetchAttendees = (eventId: string, signal?: AbortSignal): Promise<AttendeeList> => callRoute(eventsRoutes.attendees, { params: { id: eventId }, signal });

export const attendeesQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: [...EVENTS_DATA, 'attendees', eventId] as const, queryFn: ({ signal }) => fetchAttendees(eventId, signal), staleTime: 10_000 });

/** `refreshMs`: read again this often (the check-in screen, open for hours). */
export const useAttendees = (eventId: string, refreshMs?: number) => useQuery({ ...attendeesQueryOptions(eventId), refetchInterval: refreshMs });

/** GET /api/scheduledEvents/:id/code?action: the staff screen's rotating code and the live counts. */
export const fetchRotatingCode = (eventId: string, action: ScanActionName, signal?: AbortSignal): Promise<RotatingCode> =>
  callRoute(eventsRoutes.code, { params: { id: eventId }, query: { action }, signal });

/**
 * The code is fetched again at its `refreshAt` by the screen's own timer (model/scan-codes
 * refreshDelay), never from the cache: a code is worth seconds.
 */
export const rotatingCodeQueryOptions = (eventId: string, action: ScanActionName) =>
  queryOptions({
    queryKey: [...EVENTS_CODE, eventId, action] as const,
    queryFn: ({ signal }) => fetchRotatingCode(eventId, action, signal),
    staleTime: 0,
    gcTime: 0,
    retry: 1,
    refetchOnWindowFocus: true,
  });

/** POST /api/scheduledEvents/scan {code}: an attendee's phone checks them in (or out) with the staff screen's code. */
export const scanCode = (code: string): Promise<ScanResult> => callRoute(eventsRoutes.scan, { body: { code } });

export const scanCodeMutationOptions = () => mutationOptions({ mutationKey: [...EVENTS_DATA, 'scan'] as const, mutationFn: scanCode });

export const useScanCode = () => {
  const client = useQueryClient();
  return useMutation({ ...scanCodeMutationOptions(), onSuccess: () => invalidateEventsData(client) });
};

/** POST /api/scheduledEvents/:id/tickets/scan {scans}: staff send tickets read at the door, one or a batch after working offline. */
export const scanTickets = (eventId: string, body: TicketScansBody): Promise<TicketScanResults> => callRoute(eventsRoutes.scanTickets, { params: { id: eventId }, body });

/** POST /api/scheduledEvents/:id/attendees {email}: tc_admin enrols the person with this e-mail (ADR 0062). */
export const addAttendee = ({ eventId, email }: { eventId: string; email: string }): Promise<Enrolment> =>
  callRoute(eventsRoutes.addAttendee, { params: { id: eventId }, body: { email } });

export const useAddAttendee = () => {
  const client = useQueryClient();
  return useMutation({ ...mutationOptions({ mutationKey: [...EVENTS_DATA, 'addAttendee'] as const, mutationFn: addAttendee }), onSuccess: () => invalidateEventsData(client) });
};
