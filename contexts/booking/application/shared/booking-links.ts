import { AppError } from '@portal/kernel';
import type { BookingFlows, KnownLocation, LoadedBooking } from './booking-flows.js';
import { readToken, sameHash } from './link-tokens.js';

/**
 * The booking and location a link token names, and what the link does. A token that is not one
 * of ours, names no booking or matches neither of its links is invalid-action: the answer is the
 * same whichever it was, so links cannot be probed.
 */
export async function resolveLink(flows: BookingFlows, token: string): Promise<{ hash: string; loaded: LoadedBooking; location: KnownLocation; action: 'confirm' | 'cancel' }> {
  const parsed = readToken(token);
  if (!parsed) throw new AppError('invalid-action');
  const loaded = await flows.loadBooking(parsed.bookingId);
  const state = loaded.state;
  if (state.status === 'unknown') throw new AppError('invalid-action');
  const action = sameHash(state.confirmTokenHash, parsed.hash) ? 'confirm' : state.cancelTokenHashes.some((h) => sameHash(h, parsed.hash)) ? 'cancel' : null;
  if (!action) throw new AppError('invalid-action');
  const location = await flows.loadLocation(state.locationId);
  if (!location) throw new AppError('invalid-action');
  return { hash: parsed.hash, loaded, location, action };
}
