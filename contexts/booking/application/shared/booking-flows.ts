import { Inject, Injectable } from '@nestjs/common';
import { AppError, isLocale, type Clock } from '@portal/kernel';
import { ConcurrencyError, type AppendContext, type Checkpoint, type EventStore, type NewEvent } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand } from '@portal/platform';
import {
  bookingStream,
  locationStream,
  visitorStream,
  type BookingCanceled,
  type BookingConfirmed,
  type BookingEvent,
  type BookingRequested,
  type LocationDefinition,
  type LocationEvent,
  type PublicBooking,
  type VisitorBookingReleased,
} from '../../contracts/index.js';
import { isPastDeadline, type BookingCommand, type BookingState, type KnownBooking } from '../../domain/index.js';
import { bookingDecider, locationDecider, visitorDecider } from './deciders.js';
import type { MailBooking } from './booking-mail.js';
import { SeatKeeper } from './seat-keeper.js';
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

const toNew = (events: BookingEvent[]): NewEvent[] => events.map((e) => ({ type: e.type, data: e.data as unknown as Record<string, unknown> }));

/**
 * The multi-stream steps of a booking's life, shared by the visitor's links, staff and the
 * expiry process. Order matters: a confirmation takes its seat in the slot stream first and only
 * then records BookingConfirmed (appended at the revision it decided on); if that append loses
 * a race, the seat it took is given back and the decision is made again.
 */
@Injectable()
export class BookingFlows {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SeatKeeper) private readonly seats: SeatKeeper,
  ) {}

  now(): string {
    return this.clock.now().toISOString();
  }

  async loadBooking(bookingId: string): Promise<LoadedBooking> {
    const recorded = await this.store.readStream(bookingStream(bookingId));
    let state = bookingDecider.initial();
    let requested: BookingRequested['data'] | null = null;
    for (const r of recorded) {
      const event = { type: r.type, data: r.data } as BookingEvent;
      if (event.type === 'BookingRequested') requested = event.data;
      state = bookingDecider.evolve(state, event);
    }
    return { state, revision: recorded.at(-1)?.revision ?? null, requested };
  }

  async loadLocation(locationId: string): Promise<KnownLocation | null> {
    const recorded = await this.store.readStream(locationStream(locationId));
    const state = recorded.reduce((s, r) => locationDecider.evolve(s, { type: r.type, data: r.data } as unknown as LocationEvent), locationDecider.initial());
    return state.status === 'defined' ? { locationId: state.locationId, definition: state.definition } : null;
  }

  /** Confirms (by link or staff): seat first, then the booking event. */
  async confirm(
    bookingId: string,
    command: (now: string) => BookingCommand,
    context: AppendContext,
    /** What the caller already read (the link check): the first attempt starts from it. */
    read?: { loaded: LoadedBooking; location: KnownLocation | null },
  ): Promise<{ loaded: LoadedBooking; event: BookingConfirmed | null; checkpoint: Checkpoint | null }> {
    for (let attempt = 1; ; attempt++) {
      const loaded = attempt === 1 && read ? read.loaded : await this.loadBooking(bookingId);
      const now = this.now();
      const events = bookingDecider.decide(command(now), loaded.state);
      if (events.length === 0) return { loaded, event: null, checkpoint: null };
      const state = loaded.state as KnownBooking;
      const location = read?.location?.locationId === state.locationId ? read.location : await this.loadLocation(state.locationId);
      if (!location) throw new AppError('booking-invalid', 'Unknown location');
      const ref = { locationId: state.locationId, date: state.date, time: state.time };
      const seat = await this.seats.take(ref, bookingId, location.definition.capacity, now, context);
      try {
        const result = await this.store.append(bookingStream(bookingId), toNew(events), { expectedRevision: loaded.revision ?? 'no-stream', context });
        const next = events.reduce(bookingDecider.evolve, loaded.state);
        return { loaded: { ...loaded, state: next, revision: result.nextRevision }, event: events[0] as BookingConfirmed, checkpoint: result.checkpoint };
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        // the booking changed meanwhile (a cancel, a parallel confirm): the seat this attempt took goes back
        if (seat.taken) await this.seats.release(ref, bookingId, 'not-confirmed', now, context);
        if (attempt >= 5) throw error;
      }
    }
  }

  /** Cancels (by link or staff): the booking event, then the seat and the visitor's hold. */
  async cancel(
    bookingId: string,
    command: (now: string) => BookingCommand,
    context: AppendContext,
    read?: { loaded: LoadedBooking },
  ): Promise<{ loaded: LoadedBooking; event: BookingCanceled | null; checkpoint: Checkpoint | null }> {
    for (let attempt = 1; ; attempt++) {
      const loaded = attempt === 1 && read ? read.loaded : await this.loadBooking(bookingId);
      const now = this.now();
      const events = bookingDecider.decide(command(now), loaded.state);
      if (events.length === 0) return { loaded, event: null, checkpoint: null };
      let result;
      try {
        result = await this.store.append(bookingStream(bookingId), toNew(events), { expectedRevision: loaded.revision ?? 'no-stream', context });
      } catch (error) {
        if (error instanceof ConcurrencyError && attempt < 5) continue;
        throw error;
      }
      const event = events[0] as BookingCanceled;
      const state = loaded.state as KnownBooking;
      const ref = { locationId: state.locationId, date: state.date, time: state.time };
      let checkpoint = result.checkpoint;
      if (event.data.previousStatus === 'confirmed') checkpoint = (await this.seats.release(ref, bookingId, 'canceled', now, context)).result?.checkpoint ?? checkpoint;
      checkpoint = (await this.releaseVisitor(state.email, bookingId, 'canceled', now, context)) ?? checkpoint;
      const next = events.reduce(bookingDecider.evolve, loaded.state);
      return { loaded: { ...loaded, state: next, revision: result.nextRevision }, event, checkpoint };
    }
  }

  /** Expires a pendent booking past its deadline; false when there was nothing to expire (or it changed meanwhile). */
  async expire(bookingId: string, context: AppendContext): Promise<{ expired: boolean; loaded: LoadedBooking }> {
    const loaded = await this.loadBooking(bookingId);
    const now = this.now();
    const events = bookingDecider.decide({ type: 'ExpireBooking', data: { now } }, loaded.state);
    if (events.length === 0) return { expired: false, loaded };
    try {
      await this.store.append(bookingStream(bookingId), toNew(events), { expectedRevision: loaded.revision ?? 'no-stream', context });
    } catch (error) {
      if (error instanceof ConcurrencyError) return { expired: false, loaded };
      throw error;
    }
    const state = loaded.state as KnownBooking;
    await this.releaseVisitor(state.email, bookingId, 'expired', now, context);
    // a confirmation that crashed after taking its seat left it held: give it back
    await this.seats.release({ locationId: state.locationId, date: state.date, time: state.time }, bookingId, 'expired', now, context);
    return { expired: true, loaded: { ...loaded, state: events.reduce(bookingDecider.evolve, loaded.state) } };
  }

  async releaseVisitor(email: string, bookingId: string, reason: VisitorBookingReleased['data']['reason'], now: string, context: AppendContext): Promise<Checkpoint | null> {
    const visitorKey = visitorKeyOf(email);
    const { result } = await handleCommand(this.store, visitorStream(visitorKey), visitorDecider, { type: 'ReleaseVisit', data: { visitorKey, bookingId, reason, now } }, context);
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
