import { createEvent } from 'ics';
import type { Locale } from '@portal/kernel';
import { formatInstant } from '@portal/mail';
import type { ScheduledEventDefinition } from '../../contracts/index.js';

/** What an event mail talks about. */
export interface MailEvent {
  eventId: string;
  definition: ScheduledEventDefinition;
  startsAt: string;
  endsAt: string;
}

export type EventMailKind = 'enrolled' | 'promoted' | 'waitlisted' | 'changed' | 'canceled' | 'withdrawn' | 'reminder';

interface Messages {
  subject: Record<EventMailKind, (title: string) => string>;
  intro: Record<EventMailKind, string>;
  hello: string;
  when: string;
  where: string;
  instructor: string;
  position: (n: number) => string;
  reason: string;
  ticket: string;
  page: string;
  calendarHint: string;
  signature: string;
}

/** The event mails in the three languages (000 §9: pt-BR default, es, en). */
export const EVENT_MAIL_MESSAGES: Record<Locale, Messages> = {
  'pt-BR': {
    subject: {
      enrolled: (t) => `Inscrição confirmada: ${t}`,
      promoted: (t) => `Abriu uma vaga para você: ${t}`,
      waitlisted: (t) => `Você está na lista de espera: ${t}`,
      changed: (t) => `Evento alterado: ${t}`,
      canceled: (t) => `Evento cancelado: ${t}`,
      withdrawn: (t) => `Inscrição cancelada: ${t}`,
      reminder: (t) => `Amanhã: ${t}`,
    },
    intro: {
      enrolled: 'Sua inscrição está confirmada. Esperamos por você!',
      promoted: 'Uma vaga foi liberada e sua inscrição saiu da lista de espera: você está confirmado.',
      waitlisted: 'As vagas estão preenchidas; você entrou na lista de espera e será avisado se uma vaga abrir.',
      changed: 'O evento em que você está inscrito mudou. Confira os dados atualizados.',
      canceled: 'O evento em que você estava inscrito foi cancelado.',
      withdrawn: 'Sua inscrição neste evento foi cancelada.',
      reminder: 'Lembrete: o seu evento é amanhã.',
    },
    hello: 'Olá!',
    when: 'Quando',
    where: 'Onde',
    instructor: 'Instrutor',
    position: (n) => `Sua posição na lista de espera: ${n}`,
    reason: 'Motivo',
    ticket: 'Seu ingresso pessoal (código QR em anexo) para o check-in na entrada:',
    page: 'Veja o evento no portal:',
    calendarHint: 'O convite em anexo (.ics) atualiza a sua agenda.',
    signature: 'Equipe dos centros de treinamento',
  },
  es: {
    subject: {
      enrolled: (t) => `Inscripción confirmada: ${t}`,
      promoted: (t) => `Se liberó un lugar para usted: ${t}`,
      waitlisted: (t) => `Está en la lista de espera: ${t}`,
      changed: (t) => `Evento modificado: ${t}`,
      canceled: (t) => `Evento cancelado: ${t}`,
      withdrawn: (t) => `Inscripción cancelada: ${t}`,
      reminder: (t) => `Mañana: ${t}`,
    },
    intro: {
      enrolled: 'Su inscripción está confirmada. ¡Lo esperamos!',
      promoted: 'Se liberó un lugar y su inscripción salió de la lista de espera: está confirmado.',
      waitlisted: 'Los lugares están completos; entró en la lista de espera y le avisaremos si se libera uno.',
      changed: 'El evento en el que está inscrito cambió. Revise los datos actualizados.',
      canceled: 'El evento en el que estaba inscrito fue cancelado.',
      withdrawn: 'Su inscripción en este evento fue cancelada.',
      reminder: 'Recordatorio: su evento es mañana.',
    },
    hello: '¡Hola!',
    when: 'Cuándo',
    where: 'Dónde',
    instructor: 'Instructor',
    position: (n) => `Su posición en la lista de espera: ${n}`,
    reason: 'Motivo',
    ticket: 'Su entrada personal (código QR adjunto) para el check-in en la puerta:',
    page: 'Vea el evento en el portal:',
    calendarHint: 'La invitación adjunta (.ics) actualiza su calendario.',
    signature: 'Equipo de los centros de entrenamiento',
  },
  en: {
    subject: {
      enrolled: (t) => `Enrolment confirmed: ${t}`,
      promoted: (t) => `A seat opened for you: ${t}`,
      waitlisted: (t) => `You are on the waiting list: ${t}`,
      changed: (t) => `Event changed: ${t}`,
      canceled: (t) => `Event canceled: ${t}`,
      withdrawn: (t) => `Enrolment canceled: ${t}`,
      reminder: (t) => `Tomorrow: ${t}`,
    },
    intro: {
      enrolled: 'Your enrolment is confirmed. We look forward to seeing you!',
      promoted: 'A seat freed up and your enrolment left the waiting list: you are confirmed.',
      waitlisted: 'All seats are taken; you joined the waiting list and will be told if one opens.',
      changed: 'The event you are enrolled in changed. Please check the updated details.',
      canceled: 'The event you were enrolled in was canceled.',
      withdrawn: 'Your enrolment in this event was canceled.',
      reminder: 'A reminder: your event is tomorrow.',
    },
    hello: 'Hello,',
    when: 'When',
    where: 'Where',
    instructor: 'Instructor',
    position: (n) => `Your place on the waiting list: ${n}`,
    reason: 'Reason',
    ticket: 'Your personal ticket (QR code attached) for the check-in at the door:',
    page: 'See the event on the portal:',
    calendarHint: 'The attached invitation (.ics) updates your calendar.',
    signature: 'Training center team',
  },
};

/** The event's hours, place and instructor in the reader's language. */
export function eventDetails(e: MailEvent, lang: Locale): string[] {
  const m = EVENT_MAIL_MESSAGES[lang];
  const lines = [`${m.when}: ${formatInstant(e.startsAt, e.definition.timezone, lang)} - ${e.definition.finishHour}`];
  if (e.definition.venue) lines.push(`${m.where}: ${e.definition.venue}`);
  if (e.definition.instructor) lines.push(`${m.instructor}: ${e.definition.instructor}`);
  return lines;
}

/**
 * The .ics invitation of an event (times in UTC, so every calendar places it right). One uid per
 * event; `sequence` grows with each decision on the event, so a later mail supersedes an earlier.
 */
export function eventIcs(e: MailEvent, status: 'CONFIRMED' | 'CANCELLED', sequence: number, publicUrl: string): string {
  const { value, error } = createEvent({
    uid: `${e.eventId}@agro-portal-events`,
    method: status === 'CANCELLED' ? 'CANCEL' : 'REQUEST',
    sequence,
    status,
    start: Date.parse(e.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(e.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: e.definition.title,
    description: e.definition.description || undefined,
    location: e.definition.venue || undefined,
    url: `${publicUrl}/scheduled-events/published/${e.eventId}`,
    productId: 'agro-portal/events',
  });
  if (error || !value) throw error ?? new Error('ics: no calendar produced');
  return value;
}
