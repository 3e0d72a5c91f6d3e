import { Inject, Injectable } from '@nestjs/common';
import { AppError, isLocale, type Clock } from '@portal/kernel';
import type { AppendContext, Checkpoint, EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, StreamWriter } from '@portal/platform';
import {
  bookingLifeEvents,
  bookingStream,
  locationEvents,
  locationStream,
  visitorStream,
  type BookingCanceled,
  type BookingConfirmed,
  type BookingEvent,
  type BookingRequested,
  type LocationDefinition,
  type PublicBooking,
  type VisitorBookingReleased,
  type VisitorEvent,
} from '../../contracts/index.js';
import {
  bookingDecider,
  isPastDeadline,
  locationDecider,
  seatToConfirm,
  visitorDecider,
  type BookingCommand,
  type BookingState,
  type KnownBooking,
  type SeatOutcome,
  type VisitorCommand,
  type VisitorState,
} from '../../domain/index.js';
import type { MailBooking } from './booking-mail.js';
import { SeatKeeper, type SlotRef } from './seat-keeper.js';
import { visitorKeyOf } from './visitor-key.js';

export interface LoadedBooking {
  state: BookingState;
  /** Revision of the last event read; null when the stream does not exist. */
  revision: bigint | null;
  requested: BookingRequested['data'] | null;
}

export interface KnownLocation {
  locationId: string;
  definition: LocationDefinition;
}

const slotOf = (state: KnownBooking): SlotRef => ({ locationId: state.locationId, date: state.date, time: state.time });

/** The booking after a write: its new state with the request read before it (a booking's request never changes). */
const withState = (read: LoadedBooking, state: BookingState, revision: bigint | null): LoadedBooking => ({ ...read, state, revision: revision ?? read.revision });

/**
 * The multi-stream steps of a booking's life, shared by the visitor's links, staff and the
 * expiry process; every write runs through the one decider runner (ADR 0009). Order matters: a
 * confirmation takes its seat in the slot stream first and only then decides BookingConfirmed,
 * with the seat's outcome in its command (ADR 0087); a seat it took for a booking that did not
 * end confirmed is given back.
 */
@Injectable()
export class BookingFlows {
  private readonly bookings: StreamWriter<BookingCommand, BookingEvent, BookingState>;
  private readonly visitors: StreamWriter<VisitorCommand, VisitorEvent, VisitorState>;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SeatKeeper) private readonly seats: SeatKeeper,
  ) {
    this.bookings = new StreamWriter(store, bookingDecider);
    this.visitors = new StreamWriter(store, visitorDecider);
  }

  now(): string {
    return this.clock.now().toISOString();
  }

  /** The booking's state and its request (what the mails and the link page show). */
  async loadBooking(bookingId: string): Promise<LoadedBooking> {
    const recorded = await this.store.readStream(bookingStream(bookingId));
    let state = bookingDecider.initial();
    let requested: BookingRequested['data'] | null = null;
    for (const r of recorded) {
      const event = bookingLifeEvents.parse(r);
      if (event.type === 'BookingRequested') requested = event.data;
      state = bookingDecider.evolve(state, event);
    }
    return { state, revision: recorded.at(-1)?.revision ?? null, requested };
  }

  async loadLocation(locationId: string): Promise<KnownLocation | null> {
    const recorded = await this.store.readStream(locationStream(locationId));
    const state = recorded.reduce((s, r) => locationDecider.evolve(s, locationEvents.parse(r)), locationDecider.initial());
    return state.status === 'defined' ? { locationId: state.locationId, definition: state.definition } : null;
  }

  /**
   * Confirms (by link or staff), deciding once (ADR 0087): the seat the booking needs is taken
   * first (none when it is not pendent or past its deadline), then the booking decider decides the
   * command built with that seat's outcome, on the state the caller read (decided again only by
   * the runner, on fresh state, when its append loses a race). When a seat this call took ends
   * without a confirmed booking (a refusal, a cancel that went first, a failed append), it is
   * given back: SlotSeatReleased with reason `not-confirmed`, the compensation.
   */
  async confirm(
    bookingId: string,
    command: (now: string, seat: SeatOutcome) => BookingCommand,
    context: AppendContext,
    /** What the caller already read (the link check): the decision starts from it. */
    read?: { loaded: LoadedBooking; location: KnownLocation | null },
  ): Promise<{ loaded: LoadedBooking; event: BookingConfirmed | null; checkpoint: Checkpoint | null }> {
    // one read of the booking: its request (for the answer and the mails) and the state the decision is made on
    const known = read?.loaded ?? (await this.loadBooking(bookingId));
    const now = this.now();
    const ref = seatToConfirm(known.state, now);
    const seat: SeatOutcome = ref ? await this.seats.claim(ref, bookingId, await this.capacityOf(ref.locationId, read?.location), now, context) : 'not-asked';
    const giveBack = () => this.seats.release(ref!, bookingId, 'not-confirmed', now, context);
    let outcome;
    try {
      outcome = await this.bookings.execute(bookingStream(bookingId), command(now, seat), context, known);
    } catch (error) {
      // the expiry process gives back a seat whose compensation failed too (the booking is still pendent)
      if (seat === 'taken') await giveBack().catch(() => undefined);
      throw error;
    }
    // a confirmation that changed nothing (another one went first) keeps the seat only if the booking is confirmed
    if (seat === 'taken' && outcome.state.status !== 'confirmed') await giveBack();
    const loaded = withState(known, outcome.state, outcome.result?.nextRevision ?? null);
    return { loaded, event: (outcome.events[0] as BookingConfirmed | undefined) ?? null, checkpoint: outcome.result?.checkpoint ?? null };
  }

  /** The slot's capacity now: the location's (the one the caller read, when it is this booking's). */
  private async capacityOf(locationId: string, read: KnownLocation | null | undefined): Promise<number> {
    const location = read?.locationId === locationId ? read : await this.loadLocation(locationId);
    if (!location) throw new AppError('booking-invalid', 'Unknown location');
    return location.definition.capacity;
  }

  /** Cancels (by link or staff): the booking event, then the seat and the visitor's hold. */
  async cancel(
    bookingId: string,
    command: (now: string) => BookingCommand,
    context: AppendContext,
    read?: { loaded: LoadedBooking },
  ): Promise<{ loaded: LoadedBooking; event: BookingCanceled | null; checkpoint: Checkpoint | null }> {
    const known = read?.loaded ?? (await this.loadBooking(bookingId));
    let now = this.now();
    const outcome = await this.bookings.execute(
      bookingStream(bookingId),
      () => {
        now = this.now();
        return command(now);
      },
      context,
      known,
    );
    const loaded = withState(known, outcome.state, outcome.result?.nextRevision ?? null);
    const event = outcome.events[0] as BookingCanceled | undefined;
    if (!event || !outcome.result) return { loaded, event: null, checkpoint: null };
    const state = outcome.before as KnownBooking;
    let checkpoint = outcome.result.checkpoint;
    if (event.data.previousStatus === 'confirmed') checkpoint = (await this.seats.release(slotOf(state), bookingId, 'canceled', now, context)).result?.checkpoint ?? checkpoint;
    checkpoint = (await this.releaseVisitor(state.email, bookingId, 'canceled', now, context)) ?? checkpoint;
    return { loaded, event, checkpoint };
  }

  /** Expires a pendent booking past its deadline; false when there was nothing to expire (or it changed meanwhile). */
  async expire(bookingId: string, context: AppendContext): Promise<{ expired: boolean }> {
    const now = this.now();
    const outcome = await this.bookings.execute(bookingStream(bookingId), { type: 'ExpireBooking', data: { now } }, context);
    if (outcome.events.length === 0) return { expired: false };
    const state = outcome.before as KnownBooking;
    await this.releaseVisitor(state.email, bookingId, 'expired', now, context);
    // a confirmation that crashed after taking its seat left it held: give it back
    await this.seats.release(slotOf(state), bookingId, 'expired', now, context);
    return { expired: true };
  }

  async releaseVisitor(email: string, bookingId: string, reason: VisitorBookingReleased['data']['reason'], now: string, context: AppendContext): Promise<Checkpoint | null> {
    const visitorKey = visitorKeyOf(email);
    const { result } = await this.visitors.execute(visitorStream(visitorKey), { type: 'ReleaseVisit', data: { visitorKey, bookingId, reason, now } }, context);
    return result?.checkpoint ?? null;
  }

  /** The booking as the mails describe it. */
  mailBooking(loaded: LoadedBooking, location: KnownLocation): MailBooking {
    const r = loaded.requested;
    if (!r) throw new AppError('booking-invalid');
    return {
      bookingId: r.bookingId,
      email: r.visitor.email,
      name: r.visitor.name,
      lang: isLocale(r.lang) ? r.lang : 'pt-BR',
      startsAt: r.startsAt,
      endsAt: r.endsAt,
      expiresAt: r.expiresAt,
      location: { locationId: location.locationId, ...location.definition },
    };
  }

  /** What the owner of a link sees. A pendent booking past its deadline reads as expired. */
  publicView(loaded: LoadedBooking, location: KnownLocation, action: 'confirm' | 'cancel'): PublicBooking {
    const r = loaded.requested;
    const state = loaded.state;
    if (!r || state.status === 'unknown') throw new AppError('invalid-action');
    const l = location.definition;
    return {
      bookingId: r.bookingId,
      status: isPastDeadline(state, this.now()) ? 'expired' : state.status,
      action,
      date: r.date,
      time: r.time,
      startsAt: r.startsAt,
      endsAt: r.endsAt,
      expiresAt: r.expiresAt,
      visitorName: r.visitor.name,
      location: {
        locationId: location.locationId,
        name: l.name,
        addressLines: l.addressLines,
        number: l.number,
        city: l.city,
        state: l.state,
        country: l.country,
        postalCode: l.postalCode,
        timezone: l.timezone,
      },
    };
  }
}
