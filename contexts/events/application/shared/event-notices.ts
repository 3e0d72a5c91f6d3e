import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import QRCode from 'qrcode';
import type { Locale } from '@portal/kernel';
import { composeMail, MailsAfterAnswer, type MailAttachment, type Mailer, type MailParagraph } from '@portal/mail';
import { APP_CONFIG, MAILER, type AppConfig, type DecisionOutcome } from '@portal/platform';
import type { ScheduledEventEvent } from '../../contracts/index.js';
import type { AttendeeState, ScheduledEventState } from '../../domain/index.js';
import { EventCodes } from './codes.js';
import { EVENT_MAIL_MESSAGES, eventDetails, eventIcs, type EventMailKind, type MailEvent } from './event-mail.js';

interface Notice {
  kind: EventMailKind;
  to: Pick<AttendeeState, 'userId' | 'email' | 'lang' | 'status'>;
  position?: number;
  reason?: string | null;
}

/** The invitation's SEQUENCE: the event stream's revision after the decision, so each later mail supersedes the earlier. */
const sequenceOf = (outcome: DecisionOutcome<ScheduledEventEvent, ScheduledEventState>): number => Number(outcome.result?.nextRevision ?? 0n);

const mailEventOf = (state: ScheduledEventState): MailEvent => ({ eventId: state.eventId, definition: state.definition!, startsAt: state.startsAt, endsAt: state.endsAt });

/** Who hears what from a decision on their event (ADR 0060). */
export function noticesOf(events: ScheduledEventEvent[], after: ScheduledEventState): Notice[] {
  const notices: Notice[] = [];
  const attendee = (userId: string) => after.attendees.get(userId);
  const promoted = new Set<string>();
  for (const e of events) {
    switch (e.type) {
      case 'AttendeeEnrolled': {
        const a = attendee(e.data.userId);
        if (e.data.fromWaitlist) promoted.add(e.data.userId);
        if (a) notices.push({ kind: e.data.fromWaitlist ? 'promoted' : 'enrolled', to: a });
        break;
      }
      case 'AttendeeWaitlisted': {
        const a = attendee(e.data.userId);
        if (a) notices.push({ kind: 'waitlisted', to: a, position: e.data.position });
        break;
      }
      case 'AttendeeWithdrew': {
        const a = attendee(e.data.userId);
        if (a && e.data.previousStatus === 'enrolled') notices.push({ kind: 'withdrawn', to: { ...a, status: 'enrolled' } });
        break;
      }
      case 'ScheduledEventUpdated':
        // attendees of a published event hear of the change (one promoted by it gets their own mail)
        if (after.status === 'published') {
          for (const a of after.attendees.values()) if (a.status !== 'withdrawn' && !promoted.has(a.userId)) notices.push({ kind: 'changed', to: a });
        }
        break;
      case 'ScheduledEventCanceled':
        if (e.data.previousState === 'published') {
          for (const a of after.attendees.values()) if (a.status !== 'withdrawn') notices.push({ kind: 'canceled', to: a, reason: e.data.reason });
        }
        break;
      default:
        break;
    }
  }
  return notices;
}

/**
 * Tells attendees what a decision on their event means for them, in their language, after the
 * answer (a failed mail is logged, the decision stands): enrolment (with the personal ticket as a
 * QR code), the waiting list, a promotion, a change, a cancellation, a withdrawal, the reminder.
 * Enrolled attendees get the .ics invitation (REQUEST, or CANCEL when it no longer holds).
 */
@Injectable()
export class EventNotices implements OnApplicationShutdown {
  private readonly logger = new Logger('EventNotices');
  private readonly afterAnswer = new MailsAfterAnswer((message) => this.logger.error(`event mail failed: ${message}`));

  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EventCodes) private readonly codes: EventCodes,
  ) {}

  /** The mails a decision on an event's stream calls for, sent after the answer. */
  after(outcome: DecisionOutcome<ScheduledEventEvent, ScheduledEventState>): void {
    const notices = noticesOf(outcome.events, outcome.state);
    if (notices.length === 0) return;
    const event = mailEventOf(outcome.state);
    const sequence = sequenceOf(outcome);
    this.afterAnswer.later(async () => {
      for (const n of notices) await this.send(event, n, sequence);
    });
  }

  /** The day-before reminder of every enrolled attendee (the reminder process). */
  remind(outcome: DecisionOutcome<ScheduledEventEvent, ScheduledEventState>): void {
    const event = mailEventOf(outcome.state);
    const enrolled = [...outcome.state.attendees.values()].filter((a) => a.status === 'enrolled');
    const sequence = sequenceOf(outcome);
    this.afterAnswer.later(async () => {
      for (const a of enrolled) await this.send(event, { kind: 'reminder', to: a }, sequence);
    });
  }

  /** Mails still being sent (tests, shutdown). */
  settled(): Promise<void> {
    return this.afterAnswer.settled();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.settled();
  }

  private async send(event: MailEvent, n: Notice, sequence: number): Promise<void> {
    const lang: Locale = n.to.lang;
    const m = EVENT_MAIL_MESSAGES[lang];
    const page = `${this.config.publicUrl}/scheduled-events/published/${event.eventId}`;
    const enrolled = n.kind === 'enrolled' || n.kind === 'promoted' || n.kind === 'reminder' || (n.kind === 'changed' && n.to.status === 'enrolled');
    const lines: MailParagraph[] = [m.hello, m.intro[n.kind], ...eventDetails(event, lang)];
    if (n.position) lines.push(m.position(n.position));
    if (n.reason) lines.push(`${m.reason}: ${n.reason}`);
    const attachments: MailAttachment[] = [];
    if (enrolled) {
      const ticket = this.codes.ticket(event.eventId, n.to.userId);
      lines.push([m.ticket, ticket]);
      attachments.push({ filename: 'ticket.png', content: await QRCode.toBuffer(ticket, { errorCorrectionLevel: 'M', margin: 2, width: 320 }), contentType: 'image/png' });
    }
    const cancels = n.kind === 'canceled' || n.kind === 'withdrawn';
    if (enrolled || (cancels && n.to.status === 'enrolled')) {
      const status = cancels ? 'CANCELLED' : 'CONFIRMED';
      attachments.push({ filename: 'event.ics', content: eventIcs(event, status, sequence, this.config.publicUrl), contentType: `text/calendar; charset=utf-8; method=${cancels ? 'CANCEL' : 'REQUEST'}` });
      lines.push(m.calendarHint);
    }
    lines.push([m.page, page], m.signature);
    const { text, html } = composeMail(lang, lines);
    await this.mailer.send({ to: n.to.email, subject: m.subject[n.kind](event.definition.title), text, html, category: `event-${n.kind}`, locale: lang, attachments });
  }
}
