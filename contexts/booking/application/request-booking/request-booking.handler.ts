import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, newId, type Clock } from '@portal/kernel';
import type { AppendContext, EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, loadState, type CommandOutcome } from '@portal/platform';
import { bookingStream, slotStream, visitorStream, type BookingRequested, type BookingRequestedAnswer } from '../../contracts/index.js';
import { bookingDecider, slotDecider, visitorDecider, type BookingCommand } from '../../domain/index.js';
import { BookingFlows } from '../shared/booking-flows.js';
import { BookingMailer } from '../shared/booking-mail.js';
import { issueToken } from '../shared/link-tokens.js';
import { BOOKING_SETTINGS, type BookingSettings } from '../shared/settings.js';
import { visitorKeyOf } from '../shared/visitor-key.js';
import { RequestBookingCommand } from './request-booking.command.js';

const VISITOR_RULE_CODES = new Set(['booking-already-exists', 'day-booking-already-exists', 'range-booking-already-exists']);

/**
 * A visitor's request (status pendent). Checked in this order: acceptances, location, the
 * appointment against the schedule and the clock, a free seat right now, then the visitor's day
 * and range rules in the visitor's consistency stream; only then is BookingRequested appended
 * and the e-mail with the confirm and cancel links sent. A pendent booking holds no seat.
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
    const confirm = issueToken(bookingId);
    const cancel = issueToken(bookingId);
    const command: Extract<BookingCommand, { type: 'RequestBooking' }> = {
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
        seatsTaken: 0,
        confirmTokenHash: confirm.hash,
        cancelTokenHash: cancel.hash,
        pendingTtlMs: this.settings.pendingTtlMs,
        now,
        source,
      },
    };
    // everything but the seats first, so a bad appointment never reads a slot stream
    bookingDecider.decide(command, bookingDecider.initial());
    const slot = await loadState(this.store, slotStream(input.locationId, input.date, input.time), slotDecider);
    command.data.seatsTaken = slot.state.holders.length;
    // refuses a full slot before the visitor's rules are claimed
    const events = bookingDecider.decide(command, bookingDecider.initial());

    const visitorKey = visitorKeyOf(input.email);
    await this.claimVisit(visitorKey, bookingId, input, now, context);
    const requested = events[0] as BookingRequested;
    let result;
    try {
      // a new id: the stream does not exist yet (nothing to read), the decision is the one just checked
      ({ result } = await handleCommand(this.store, bookingStream(bookingId), bookingDecider, command, context, {
        known: { state: bookingDecider.initial(), revision: null },
      }));
    } catch (error) {
      await this.flows.releaseVisitor(input.email, bookingId, 'not-requested', now, context).catch(() => undefined);
      throw error;
    }
    if (!result) throw new Error('the booking request decided nothing');
    const loaded = { state: bookingDecider.evolve(bookingDecider.initial(), requested), revision: result.nextRevision, requested: requested.data };
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
   * claim tried again, so a stale hold never blocks a visitor for good.
   */
  private async claimVisit(visitorKey: string, bookingId: string, input: { locationId: string; date: string; time: string }, now: string, context: AppendContext) {
    const stream = visitorStream(visitorKey);
    const claim = () =>
      handleCommand(
        this.store,
        stream,
        visitorDecider,
        { type: 'ClaimVisit', data: { visitorKey, bookingId, locationId: input.locationId, date: input.date, time: input.time, rangeDays: this.settings.rangeDays, now } },
        context,
      );
    try {
      await claim();
    } catch (error) {
      if (!(error instanceof AppError) || !VISITOR_RULE_CODES.has(error.code)) throw error;
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
      if (!healed) throw error;
      await claim();
    }
  }
}
