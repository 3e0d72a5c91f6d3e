import {
  decideBooking,
  decideLocation,
  decideSlot,
  decideVisitor,
  evolveBooking,
  evolveLocation,
  evolveSlot,
  evolveVisitor,
  initialBookingState,
  initialLocationState,
  initialSlotState,
  initialVisitorState,
} from '../../domain/index.js';

export const locationDecider = { decide: decideLocation, evolve: evolveLocation, initial: initialLocationState };
export const bookingDecider = { decide: decideBooking, evolve: evolveBooking, initial: initialBookingState };
export const slotDecider = { decide: decideSlot, evolve: evolveSlot, initial: initialSlotState };
export const visitorDecider = { decide: decideVisitor, evolve: evolveVisitor, initial: initialVisitorState };
