import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventsRoutes, type EventReport, type OpenAnswers, type QuizReport } from '@portal/events/contracts/http';
import type { Locale } from '@portal/kernel';
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

export type ReportFormat = 'csv' | 'xlsx';
/** The export formats the contract offers (eventReportQuerySchema, ADR 0062). */
export const REPORT_FORMATS: readonly ReportFormat[] = ['csv', 'xlsx'];
const ACCEPT: Record<ReportFormat, string> = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/** The export's address under /api (GET /reports/event/:id/status?format=&lang=: XLSX headers in the screen's language). */
export const reportExportUrl = (eventId: string, format: ReportFormat, lang: Locale = 'pt-BR'): string => routeUrl(eventsRoutes.eventReport.path, { id: eventId }, { format, lang });

/** Downloads the report in `format` and saves it as a file; answers the file's name. */
export async function downloadEventReport(event: { eventId: string; title: string; date: string }, format: ReportFormat, lang: Locale = 'pt-BR'): Promise<string> {
  const blob = await fetchFile(reportExportUrl(event.eventId, format, lang), ACCEPT[format]);
  const name = reportFileName(event, format);
  saveFile(blob, name);
  return name;
}

/** GET /api/scheduledEvents/materials/:id: a material, for staff and the event's attendees. */
export async function downloadMaterial(material: { materialId: string; fileName: string }): Promise<void> {
  const blob = await fetchFile(routeUrl(eventsRoutes.downloadMaterial.path, { id: material.materialId }));
  saveFile(blob, material.fileName);
}

/** GET /api/scheduledEvents/:id/quiz/:quizId/answers: the open answers' text and score (staff, ADR 0062). */
export const fetchOpenAnswers = (eventId: string, quizId: string, signal?: AbortSignal): Promise<OpenAnswers> =>
  callRoute(eventsRoutes.openAnswers, { params: { id: eventId, quizId }, signal });

export const openAnswersQueryOptions = (eventId: string, quizId: string) =>
  queryOptions({ queryKey: [...EVENTS_DATA, 'openAnswers', eventId, quizId] as const, queryFn: ({ signal }) => fetchOpenAnswers(eventId, quizId, signal), staleTime: 10_000 });

export const useOpenAnswers = (eventId: string, quizId: string) => useQuery(openAnswersQueryOptions(eventId, quizId));
