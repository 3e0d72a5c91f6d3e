import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventsRoutes, type EventReport, type QuizReport } from '@portal/events/contracts';
import { callRoute, routeUrl } from '../../../shared/api/client';
import { fetchFile, saveFile } from '../../../shared/api/file-download';
import { reportFileName } from '../model/format';
import { EVENTS_DATA } from './keys';

/** GET /api/reports/event/:id/status: the event with its counts and every attendee (staff). */
export const fetchEventReport = (eventId: string, signal?: AbortSignal): Promise<EventReport> =>
  callRoute(eventsRoutes.eventReport, { params: { id: eventId }, query: {}, signal });

export const eventReportQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: [...EVENTS_DATA, 'report', eventId] as const, queryFn: ({ signal }) => fetchEventReport(eventId, signal), staleTime: 10_000 });

export const useEventReport = (eventId: string) => useQuery(eventReportQueryOptions(eventId));

/** GET /api/reports/quizzes/:id?eventId: a quiz's results per question for one event. */
export const fetchQuizReport = (quizId: string, eventId: string, signal?: AbortSignal): Promise<QuizReport> =>
  callRoute(eventsRoutes.quizReport, { params: { id: quizId }, query: { eventId }, signal });

export const quizReportQueryOptions = (quizId: string, eventId: string) =>
  queryOptions({ queryKey: [...EVENTS_DATA, 'quizReport', quizId, eventId] as const, queryFn: ({ signal }) => fetchQuizReport(quizId, eventId, signal), staleTime: 10_000 });

export const useQuizReport = (quizId: string, eventId: string) => useQuery(quizReportQueryOptions(quizId, eventId));

export type ReportFormat = 'csv';
/** The export formats the contract offers (eventReportQuerySchema); XLSX follows when the API has it. */
export const REPORT_FORMATS: readonly ReportFormat[] = ['csv'];

/** The export's address under /api (GET /reports/event/:id/status?format=). */
export const reportExportUrl = (eventId: string, format: ReportFormat): string => routeUrl(eventsRoutes.eventReport.path, { id: eventId }, { format });

/** Downloads the report in `format` and saves it as a file; answers the file's name. */
export async function downloadEventReport(event: { eventId: string; title: string; date: string }, format: ReportFormat): Promise<string> {
  const blob = await fetchFile(reportExportUrl(event.eventId, format), 'text/csv');
  const name = reportFileName(event, format);
  saveFile(blob, name);
  return name;
}

/** GET /api/scheduledEvents/materials/:id: a material, for staff and the event's attendees. */
export async function downloadMaterial(material: { materialId: string; fileName: string }): Promise<void> {
  const blob = await fetchFile(routeUrl(eventsRoutes.downloadMaterial.path, { id: material.materialId }));
  saveFile(blob, material.fileName);
}
