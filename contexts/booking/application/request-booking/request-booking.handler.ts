import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, newId, type Clock } from '@portal/kernel';
import type { AppendContext, EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, loadState, type CommandOutcome } from '@portal/platform';
import { bookingStream, slotStream, visitorStream, type BookingRequested, type BookingRequestedAnswer } from '../../contracts/index.js';
import { bookingDecider, slotDecider, visitorDecider, type BookingCommand, type VisitClaim } from '../../domain/index.js';
import { BookingFlows } from '../shared/booking-flows.js';
import { BookingMailer } from '../shared/booking-mail.js';
import { issueToken } from '../shared/link-tokens.js';
import { BOOKING_SETTINGS, type BookingSettings } from '../shared/settings.js';
import { visitorKeyOf } from '../shared/visitor-key.js';
import { RequestBookingCommand } from './request-booking.command.js';

const VISITOR_RULE_CODES = ['booking-already-exists', 'day-booking-already-exists', 'range-booking-already-exists'] as const;
const isVisitorRule = (code: string): code is (typeof VISITOR_RULE_CODES)[number] => (VISITOR_RULE_CODES as readonly string[]).includes(code);

/**
 * A visitor's request (status pendent), decided once (ADR 0087): the slot's seats are read and
 * the visit claimed in the visitor's consistency stream first; then the booking decider decides
 * RequestBooking with both in its command, answering in this order: acceptances, location, the
 * appointment against the schedule and the clock, a free seat right now, the visitor's day and
 * range rules. A claim whose booking is not requested is released (`not-requested`). Then the
 * e-mail with the confirm and cancel links is sent. A pendent booking holds no seat.
 */
@CommandHandler(RequestBookingCommand)
export class RequestBookingHandler implements ICommandHandler<RequestBookingCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BookingFlows) private readonly flows: BookingFlows,
    @Inject(BookingMailer) private readonly mail: BookingMailer,
    @Inject(BOOKING_SETTINGS) private readonly settings: BookingSettings,
  ) {}

  async execute({ input, locale, source, context }: RequestBookingCommand): Promise<CommandOutcome<BookingRequestedAnswer>> {
    const bookingId = newId();
    const now = this.clock.now().toISOString();
    const location = await this.flows.loadLocation(input.locationId);
    // the facts the one decision needs (ADR 0087): the seats taken now (a pendent booking holds
    // none), then the visitor's claim, made first in its own stream, with its outcome in the command
    const slot = await loadState(this.store, slotStream(input.locationId, input.date, input.time), slotDecider);
    const visitorKey = visitorKeyOf(input.email);
    const visit = await this.claimVisit(visitorKey, bookingId, input, now, context);
    const confirm = issueToken(bookingId);
    const cancel = issueToken(bookingId);
    const command: BookingCommand = {
      type: 'RequestBooking',
      data: {
        bookingId,
        location,
        date: input.date,
        time: input.time,
        visitor: { name: input.name, email: input.email, phone: input.phone || null, company: input.company || null },
        lang: input.lang ?? locale,
        acceptedPrivacyPolicy: input.acceptedPrivacyPolicy,
        acceptedVisitProtocols: input.acceptedVisitProtocols,
        seatsTaken: slot.state.holders.length,
        visit,
        confirmTokenHash: confirm.hash,
        cancelTokenHash: cancel.hash,
        pendingTtlMs: this.settings.pendingTtlMs,
        now,
        source,
      },
    };
    let outcome;
    try {
      // a new id: the stream does not exist yet (nothing to read); the decision is made once, here
      outcome = await handleCommand(this.store, bookingStream(bookingId), bookingDecider, command, context, {
        known: { state: bookingDecider.initial(), revision: null },
      });
    } catch (error) {
      // the compensation: a claim made for a booking that was not requested is given back
      if (visit.claimed) await this.flows.releaseVisitor(input.email, bookingId, 'not-requested', now, context).catch(() => undefined);
      throw error;
    }
    const { events, state, result } = outcome;
    if (!result) throw new Error('the booking request decided nothing');
    const requested = events[0] as BookingRequested;
    const loaded = { state, revision: result.nextRevision, requested: requested.data };
    // sent before answering: it carries the only copy of the links
    await this.mail.requested(this.flows.mailBooking(loaded, location!), { confirm: confirm.token, cancel: cancel.token });
    return {
      value: { bookingId, status: 'pendent', locationId: input.locationId, date: input.date, time: input.time, expiresAt: requested.data.expiresAt },
      checkpoint: result.checkpoint,
    };
  }

  /**
   * The day and range rules. A refusal is checked once against the bookings it names: a hold
   * whose booking was canceled or expired (a crash between two appends) is released and the
   * claim tried again, so a stale hold never blocks a visitor for good. A refusal that stands is
   * the outcome (the request's decision answers it after its own rules), not an error.
   */
  private async claimVisit(visitorKey: string, bookingId: string, input: { locationId: string; date: string; time: string }, now: string, context: AppendContext): Promise<VisitClaim> {
    const stream = visitorStream(visitorKey);
    const claim = () =>
      handleCommand(
        this.store,
        stream,
        visitorDecider,
        { type: 'ClaimVisit', data: { visitorKey, bookingId, locationId: input.locationId, date: input.date, time: input.time, rangeDays: this.settings.rangeDays, now } },
        context,
      );
    const refusalOf = (error: unknown): VisitClaim | null =>
      error instanceof AppError && isVisitorRule(error.code) ? { claimed: false, code: error.code, params: error.params ?? null } : null;
    try {
      await claim();
      return { claimed: true };
    } catch (error) {
      const refused = refusalOf(error);
      if (!refused) throw error;
      const { state } = await loadState(this.store, stream, visitorDecider);
      let healed = false;
      for (const held of Object.keys(state.held)) {
        const b = await this.flows.loadBooking(held);
        if (b.state.status === 'canceled' || b.state.status === 'expired' || b.state.status === 'unknown') {
          const reason = b.state.status === 'canceled' ? 'canceled' : b.state.status === 'expired' ? 'expired' : 'not-requested';
          await handleCommand(this.store, stream, visitorDecider, { type: 'ReleaseVisit', data: { visitorKey, bookingId: held, reason, now } }, context);
          healed = true;
        }
      }
      if (!healed) return refused;
      try {
        await claim();
        return { claimed: true };
      } catch (again) {
        const still = refusalOf(again);
        if (!still) throw again;
        return still;
      }
    }
  }
}
