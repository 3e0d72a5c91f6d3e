import '../contracts/errors.js'; // registers the codes this decider answers with in the kernel's catalogue
import { AppError } from '@portal/kernel';
import { visitorEvents, type VisitorBookingReleased, type VisitorEvent } from '../contracts/events.js';
import { daysBetween } from './time.js';

/**
 * The day and range rules (ADR 0010), enforced in one consistency stream per visitor e-mail:
 * - booking-already-exists: the visitor already holds this location, date and time;
 * - day-booking-already-exists: the visitor already holds another time at this location that day;
 * - range-booking-already-exists: the visitor already holds a visit (any location) less than
 *   `rangeDays` days before or after the requested date.
 * Pendent and confirmed bookings hold; cancellation and expiry release.
 */
export const DEFAULT_RANGE_DAYS = 7;

export interface HeldVisit {
  locationId: string;
  date: string;
  time: string;
}

export interface VisitorState {
  held: Record<string, HeldVisit>;
}

export const initialVisitorState = (): VisitorState => ({ held: {} });

export type VisitorCommand =
  | { type: 'ClaimVisit'; data: HeldVisit & { visitorKey: string; bookingId: string; rangeDays: number; now: string } }
  | { type: 'ReleaseVisit'; data: { visitorKey: string; bookingId: string; reason: VisitorBookingReleased['data']['reason']; now: string } };

export function decideVisitor(command: VisitorCommand, state: VisitorState): VisitorEvent[] {
  switch (command.type) {
    case 'ClaimVisit': {
      const d = command.data;
      if (state.held[d.bookingId]) return [];
      const others = Object.values(state.held);
      if (others.some((v) => v.locationId === d.locationId && v.date === d.date && v.time === d.time)) throw new AppError('booking-already-exists');
      if (others.some((v) => v.locationId === d.locationId && v.date === d.date)) throw new AppError('day-booking-already-exists');
      if (others.some((v) => Math.abs(daysBetween(v.date, d.date)) < d.rangeDays)) {
        throw new AppError('range-booking-already-exists', undefined, undefined, { days: d.rangeDays });
      }
      return [
        { type: 'VisitorBookingClaimed', data: { visitorKey: d.visitorKey, bookingId: d.bookingId, locationId: d.locationId, date: d.date, time: d.time, claimedAt: d.now } },
      ];
    }
    case 'ReleaseVisit': {
      const d = command.data;
      if (!state.held[d.bookingId]) return [];
      return [{ type: 'VisitorBookingReleased', data: { visitorKey: d.visitorKey, bookingId: d.bookingId, releasedAt: d.now, reason: d.reason } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

export function evolveVisitor(state: VisitorState, event: VisitorEvent): VisitorState {
  switch (event.type) {
    case 'VisitorBookingClaimed': {
      const { locationId, date, time, bookingId } = event.data;
      return { held: { ...state.held, [bookingId]: { locationId, date, time } } };
    }
    case 'VisitorBookingReleased': {
      const held = { ...state.held };
      delete held[event.data.bookingId];
      return { held };
    }
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The decider as StreamWriter and handleCommand run it (ADR 0009). */
export const visitorDecider = { decide: decideVisitor, evolve: evolveVisitor, initial: initialVisitorState, events: visitorEvents };
