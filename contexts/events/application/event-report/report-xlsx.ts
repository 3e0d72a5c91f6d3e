import type { Readable } from 'node:stream';
import { localDateOf, localTimeOf, type Locale } from '@portal/kernel';
import { xlsxStream, type XlsxCell } from '@portal/platform';
import { EVENT_REPORT_CSV_COLUMNS, type AttendeeRow, type ScheduledEvent } from '../../contracts/index.js';

type Column = (typeof EVENT_REPORT_CSV_COLUMNS)[number];
const TIME_COLUMNS = new Set<Column>(['enrolledAt', 'waitlistedAt', 'withdrewAt', 'checkedInAt', 'checkedOutAt']);

/** The report's headers and the first rows' labels in the three locales (the SPA's wording of the report screen). */
const LABELS: Record<Locale, Record<Column | 'event' | 'date' | 'venue' | 'state' | 'timezone' | 'generatedAt' | 'statuses', string>> = {
  'pt-BR': {
    event: 'Evento', date: 'Data', venue: 'Local', state: 'Situação', timezone: 'Fuso horário', generatedAt: 'Gerado em', statuses: 'Inscritos; lista de espera; desistências',
    userId: 'ID do usuário', name: 'Nome', email: 'E-mail', status: 'Situação', position: 'Posição na lista de espera', enrolledAt: 'Inscrito em', waitlistedAt: 'Na lista de espera desde',
    withdrewAt: 'Desistiu em', checkedInAt: 'Check-in', checkedOutAt: 'Check-out', minutesPresent: 'Minutos presente', quizScore: 'Pontuação do quiz', quizMaxScore: 'Pontuação máxima',
  },
  es: {
    event: 'Evento', date: 'Fecha', venue: 'Lugar', state: 'Estado', timezone: 'Zona horaria', generatedAt: 'Generado el', statuses: 'Inscritos; lista de espera; bajas',
    userId: 'ID de usuario', name: 'Nombre', email: 'Correo', status: 'Estado', position: 'Posición en la lista de espera', enrolledAt: 'Inscrito el', waitlistedAt: 'En lista de espera desde',
    withdrewAt: 'Se dio de baja el', checkedInAt: 'Check-in', checkedOutAt: 'Check-out', minutesPresent: 'Minutos presente', quizScore: 'Puntuación del cuestionario', quizMaxScore: 'Puntuación máxima',
  },
  en: {
    event: 'Event', date: 'Date', venue: 'Venue', state: 'State', timezone: 'Time zone', generatedAt: 'Generated at', statuses: 'Enrolled; waiting list; withdrawn',
    userId: 'User ID', name: 'Name', email: 'Email', status: 'Status', position: 'Waiting list position', enrolledAt: 'Enrolled at', waitlistedAt: 'Waiting since',
    withdrewAt: 'Withdrew at', checkedInAt: 'Check-in', checkedOutAt: 'Check-out', minutesPresent: 'Minutes present', quizScore: 'Quiz score', quizMaxScore: 'Quiz max score',
  },
};
const STATES: Record<Locale, Record<ScheduledEvent['state'] | AttendeeRow['status'], string>> = {
  'pt-BR': { draft: 'Rascunho', published: 'Publicado', canceled: 'Cancelado', finished: 'Encerrado', enrolled: 'Inscrito', waitlisted: 'Lista de espera', withdrawn: 'Desistiu' },
  es: { draft: 'Borrador', published: 'Publicado', canceled: 'Cancelado', finished: 'Finalizado', enrolled: 'Inscrito', waitlisted: 'Lista de espera', withdrawn: 'Baja' },
  en: { draft: 'Draft', published: 'Published', canceled: 'Canceled', finished: 'Finished', enrolled: 'Enrolled', waitlisted: 'Waiting list', withdrawn: 'Withdrawn' },
};

/** An instant as the event's wall-clock time (a spreadsheet date has no zone: it shows what the venue's clock showed). */
const wallClock = (iso: string, timeZone: string): Date => {
  const at = new Date(iso);
  return new Date(`${localDateOf(at, timeZone)}T${localTimeOf(at, timeZone)}:00.000Z`);
};

/**
 * The event report as XLSX (ADR 0062), streamed by the portal's one XLSX writer (`xlsxStream`,
 * libs/platform): the first rows name what the sheet is about (the event, its day and hours, venue,
 * state, time zone, when it was made); then the localized header and one row per attendee, times in
 * the event's time zone as spreadsheet dates, numbers as numbers, text made safe from formulas.
 */
export function eventReportXlsx(event: ScheduledEvent, attendees: readonly AttendeeRow[], lang: Locale, now: Date): Readable {
  const labels = LABELS[lang];
  const states = STATES[lang];
  return xlsxStream({
    name: labels.event,
    preamble: [
      [labels.event, event.title],
      [labels.date, `${event.date} ${event.startHour}-${event.finishHour}`],
      [labels.venue, event.venue],
      [labels.state, states[event.state]],
      [labels.timezone, event.timezone],
      [labels.generatedAt, wallClock(now.toISOString(), event.timezone)],
    ],
    header: EVENT_REPORT_CSV_COLUMNS.map((c) => labels[c]),
    widths: EVENT_REPORT_CSV_COLUMNS.map((c) => (c === 'name' || c === 'email' ? 32 : TIME_COLUMNS.has(c) ? 18 : 14)),
    rows: attendees.map((a) =>
      EVENT_REPORT_CSV_COLUMNS.map((c): XlsxCell => {
        const v = a[c];
        if (v === null || v === undefined) return null;
        if (TIME_COLUMNS.has(c)) return wallClock(String(v), event.timezone);
        if (c === 'status') return states[a.status];
        return typeof v === 'number' ? v : String(v);
      }),
    ),
  });
}
