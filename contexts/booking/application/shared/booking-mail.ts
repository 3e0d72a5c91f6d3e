import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createEvent } from 'ics';
import type { Locale } from '@portal/kernel';
import { composeMail, formatInstant, MailsAfterAnswer, type Mailer, type MailParagraph } from '@portal/mail';
import { APP_CONFIG, MAILER, type AppConfig } from '@portal/platform';
import type { LocationDefinition } from '../../contracts/index.js';
import { countryName } from './countries.js';

/** What a booking mail talks about. */
export interface MailBooking {
  bookingId: string;
  email: string;
  name: string;
  lang: Locale;
  startsAt: string;
  endsAt: string;
  expiresAt: string;
  location: LocationDefinition & { locationId: string };
}

interface Messages {
  requestedSubject: (location: string) => string;
  confirmedSubject: (location: string) => string;
  canceledSubject: (location: string) => string;
  hello: (name: string) => string;
  requestedIntro: string;
  confirmedIntro: string;
  canceledIntro: string;
  when: string;
  where: string;
  confirmBy: (deadline: string) => string;
  cancelHint: string;
  reason: string;
  protocols: string;
  ignore: string;
  calendarHint: string;
  signature: string;
}

/** The booking mails in the three languages (000 §9: pt-BR default, es, en). */
const MESSAGES: Record<Locale, Messages> = {
  'pt-BR': {
    requestedSubject: (l) => `Confirme sua visita: ${l}`,
    confirmedSubject: (l) => `Visita confirmada: ${l}`,
    canceledSubject: (l) => `Visita cancelada: ${l}`,
    hello: (n) => `Olá, ${n}!`,
    requestedIntro: 'Recebemos o seu pedido de visita ao centro de treinamento. A vaga só fica garantida depois da confirmação.',
    confirmedIntro: 'Sua visita está confirmada. Esperamos por você!',
    canceledIntro: 'Sua visita foi cancelada.',
    when: 'Quando',
    where: 'Onde',
    confirmBy: (d) => `Confirme até ${d} por este link:`,
    cancelHint: 'Para cancelar a visita, use este link:',
    reason: 'Motivo',
    protocols: 'Lembre-se dos protocolos de visita que você aceitou: chegue com 15 minutos de antecedência, use calçado fechado e siga as orientações da equipe.',
    ignore: 'Se você não fez este pedido, ignore esta mensagem: ele expira sozinho.',
    calendarHint: 'O convite em anexo (.ics) adiciona a visita à sua agenda.',
    signature: 'Equipe dos centros de treinamento',
  },
  es: {
    requestedSubject: (l) => `Confirme su visita: ${l}`,
    confirmedSubject: (l) => `Visita confirmada: ${l}`,
    canceledSubject: (l) => `Visita cancelada: ${l}`,
    hello: (n) => `¡Hola, ${n}!`,
    requestedIntro: 'Recibimos su solicitud de visita al centro de entrenamiento. El lugar solo queda garantizado después de la confirmación.',
    confirmedIntro: 'Su visita está confirmada. ¡Lo esperamos!',
    canceledIntro: 'Su visita fue cancelada.',
    when: 'Cuándo',
    where: 'Dónde',
    confirmBy: (d) => `Confirme antes del ${d} con este enlace:`,
    cancelHint: 'Para cancelar la visita, use este enlace:',
    reason: 'Motivo',
    protocols: 'Recuerde los protocolos de visita que aceptó: llegue 15 minutos antes, use calzado cerrado y siga las indicaciones del equipo.',
    ignore: 'Si usted no hizo esta solicitud, ignore este mensaje: vence sola.',
    calendarHint: 'La invitación adjunta (.ics) agrega la visita a su calendario.',
    signature: 'Equipo de los centros de entrenamiento',
  },
  en: {
    requestedSubject: (l) => `Confirm your visit: ${l}`,
    confirmedSubject: (l) => `Visit confirmed: ${l}`,
    canceledSubject: (l) => `Visit canceled: ${l}`,
    hello: (n) => `Hello ${n},`,
    requestedIntro: 'We received your request to visit the training center. Your seat is only guaranteed once you confirm.',
    confirmedIntro: 'Your visit is confirmed. We look forward to seeing you!',
    canceledIntro: 'Your visit was canceled.',
    when: 'When',
    where: 'Where',
    confirmBy: (d) => `Please confirm by ${d} with this link:`,
    cancelHint: 'To cancel the visit, use this link:',
    reason: 'Reason',
    protocols: 'Remember the visit protocols you accepted: arrive 15 minutes early, wear closed shoes and follow the staff instructions.',
    ignore: 'If you did not make this request, ignore this message: it expires by itself.',
    calendarHint: 'The attached invitation (.ics) adds the visit to your calendar.',
    signature: 'Training center team',
  },
};

export const addressOf = (l: LocationDefinition, locale: Locale): string =>
  [
    [...l.addressLines, l.number].filter(Boolean).join(', '),
    [l.city, l.state].filter(Boolean).join(' - '),
    [l.postalCode, countryName(l.country, locale)].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');

/** "segunda-feira, 23 de novembro de 2026 10:00 (America/Sao_Paulo)" in the reader's language. */
export const visitTime = (iso: string, timeZone: string, locale: Locale): string => formatInstant(iso, timeZone, locale);

/** The .ics invitation (times in UTC, so every calendar places it right). */
export function icsFor(b: MailBooking, status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED', publicUrl: string): string {
  const { value, error } = createEvent({
    uid: `${b.bookingId}@agro-portal`,
    method: status === 'CANCELLED' ? 'CANCEL' : 'REQUEST',
    sequence: status === 'TENTATIVE' ? 0 : status === 'CONFIRMED' ? 1 : 2,
    status,
    start: Date.parse(b.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(b.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: b.location.name,
    location: addressOf(b.location, b.lang),
    url: `${publicUrl}/public/booking`,
    productId: 'agro-portal/booking',
  });
  if (error || !value) throw error ?? new Error('ics: no calendar produced');
  return value;
}

/** Sends the localized booking mails (outbox always; SMTP where configured). */
@Injectable()
export class BookingMailer implements OnApplicationShutdown {
  private readonly logger = new Logger('BookingMailer');
  private readonly afterAnswer = new MailsAfterAnswer((message) => this.logger.error(`booking mail failed: ${message}`));

  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Sends after the answer: notices that follow a change the visitor already sees on screen
   * (confirmed, canceled) stay off the request's path. The request mail, which carries the
   * links, is sent before answering.
   */
  later(send: () => Promise<void>): void {
    this.afterAnswer.later(send);
  }

  /** Mails still being sent (tests, shutdown). */
  settled(): Promise<void> {
    return this.afterAnswer.settled();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.settled();
  }

  link(kind: 'confirm' | 'cancel', token: string): string {
    return `${this.config.publicUrl}/public/booking/${kind}?token=${encodeURIComponent(token)}`;
  }

  async requested(b: MailBooking, tokens: { confirm: string; cancel: string }): Promise<void> {
    const m = MESSAGES[b.lang];
    const deadline = visitTime(b.expiresAt, b.location.timezone, b.lang);
    const confirm = this.link('confirm', tokens.confirm);
    const cancel = this.link('cancel', tokens.cancel);
    await this.send(b, 'bookingRequested', m.requestedSubject(b.location.name), [m.hello(b.name), m.requestedIntro, ...this.details(b), [m.confirmBy(deadline), confirm], [m.cancelHint, cancel], m.protocols, m.calendarHint, m.ignore], 'TENTATIVE');
  }

  async confirmed(b: MailBooking, cancelToken: string | null, reason: string | null): Promise<void> {
    const m = MESSAGES[b.lang];
    const lines: MailParagraph[] = [m.hello(b.name), m.confirmedIntro, ...this.details(b)];
    if (reason) lines.push(`${m.reason}: ${reason}`);
    if (cancelToken) lines.push([m.cancelHint, this.link('cancel', cancelToken)]);
    lines.push(m.protocols, m.calendarHint);
    await this.send(b, 'bookingConfirmed', m.confirmedSubject(b.location.name), lines, 'CONFIRMED');
  }

  async canceled(b: MailBooking, reason: string | null): Promise<void> {
    const m = MESSAGES[b.lang];
    const lines: MailParagraph[] = [m.hello(b.name), m.canceledIntro, ...this.details(b)];
    if (reason) lines.push(`${m.reason}: ${reason}`);
    await this.send(b, 'bookingCanceled', m.canceledSubject(b.location.name), lines, 'CANCELLED');
  }

  private details(b: MailBooking): string[] {
    const m = MESSAGES[b.lang];
    return [`${m.when}: ${visitTime(b.startsAt, b.location.timezone, b.lang)}`, `${m.where}: ${b.location.name}, ${addressOf(b.location, b.lang)}`];
  }

  /** A paragraph is text, or [text, link]. Mail failures are logged: the booking itself stands. */
  private async send(b: MailBooking, category: string, subject: string, paragraphs: MailParagraph[], status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED'): Promise<void> {
    const m = MESSAGES[b.lang];
    const { text, html } = composeMail(b.lang, [...paragraphs, m.signature]);
    try {
      await this.mailer.send({
        to: b.email,
        subject,
        text,
        html,
        category,
        locale: b.lang,
        attachments: [{ filename: 'visit.ics', content: icsFor(b, status, this.config.publicUrl), contentType: `text/calendar; charset=utf-8; method=${status === 'CANCELLED' ? 'CANCEL' : 'REQUEST'}` }],
      });
    } catch (error) {
      this.logger.error(`booking mail ${category} for ${b.bookingId} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
