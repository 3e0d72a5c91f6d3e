import '../contracts/errors.js'; // registers the codes this decider answers with in the kernel's catalogue
import { AppError } from '@portal/kernel';
import { slotEvents, type SlotEvent, type SlotSeatReleased } from '../contracts/events.js';

/**
 * The seats of one slot (location, local date, start time): its own consistency stream, appended
 * with the revision it was read at, so two confirmations can never both take the last seat.
 */
export interface SlotState {
  /** Booking ids holding a seat. */
  holders: string[];
}

export const initialSlotState = (): SlotState => ({ holders: [] });

interface SlotRef {
  locationId: string;
  date: string;
  time: string;
}

export type SlotCommand =
  | { type: 'TakeSeat'; data: SlotRef & { bookingId: string; capacity: number; now: string } }
  | { type: 'ReleaseSeat'; data: SlotRef & { bookingId: string; reason: SlotSeatReleased['data']['reason']; now: string } };

export function decideSlot(command: SlotCommand, state: SlotState): SlotEvent[] {
  const { locationId, date, time, bookingId } = command.data;
  switch (command.type) {
    case 'TakeSeat':
      // a retried confirmation takes no second seat
      if (state.holders.includes(bookingId)) return [];
      if (state.holders.length >= command.data.capacity) throw new AppError('booking-unavailable');
      return [
        {
          type: 'SlotSeatTaken',
          data: { locationId, date, time, bookingId, capacity: command.data.capacity, seatsTaken: state.holders.length + 1, takenAt: command.data.now },
        },
      ];
    case 'ReleaseSeat':
      if (!state.holders.includes(bookingId)) return [];
      return [
        {
          type: 'SlotSeatReleased',
          data: { locationId, date, time, bookingId, seatsTaken: state.holders.length - 1, releasedAt: command.data.now, reason: command.data.reason },
        },
      ];
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

export function evolveSlot(state: SlotState, event: SlotEvent): SlotState {
  switch (event.type) {
    case 'SlotSeatTaken':
      return state.holders.includes(event.data.bookingId) ? state : { holders: [...state.holders, event.data.bookingId] };
    case 'SlotSeatReleased':
      return { holders: state.holders.filter((h) => h !== event.data.bookingId) };
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The decider as StreamWriter and handleCommand run it (ADR 0009). */
export const slotDecider = { decide: decideSlot, evolve: evolveSlot, initial: initialSlotState, events: slotEvents };
