import { Inject } from '@nestjs/common';
import { CommandHandler, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import type { CommandOutcome } from '@portal/platform';
import type { PublicBooking } from '../../contracts/index.js';
import { BookingFlows, type KnownLocation, type LoadedBooking } from '../shared/booking-flows.js';
import { BookingMailer } from '../shared/booking-mail.js';
import { issueToken, readToken, sameHash } from '../shared/link-tokens.js';
import { CancelByLinkCommand, ConfirmByLinkCommand, ViewBookingLinkQuery } from './booking-link.commands.js';

/**
 * The booking and location a link token names, and what the link does. A token that is not one
 * of ours, names no booking or matches neither of its links is invalid-action: the answer is the
 * same whichever it was, so links cannot be probed.
 */
async function resolveLink(flows: BookingFlows, token: string): Promise<{ hash: string; loaded: LoadedBooking; location: KnownLocation; action: 'confirm' | 'cancel' }> {
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

@QueryHandler(ViewBookingLinkQuery)
export class ViewBookingLinkHandler implements IQueryHandler<ViewBookingLinkQuery> {
  constructor(@Inject(BookingFlows) private readonly flows: BookingFlows) {}

  async execute({ token }: ViewBookingLinkQuery): Promise<PublicBooking> {
    const { loaded, location, action } = await resolveLink(this.flows, token);
    return this.flows.publicView(loaded, location, action);
  }
}

/** /public/booking/confirm: the only way a visitor's booking takes a seat (001 §4). */
@CommandHandler(ConfirmByLinkCommand)
export class ConfirmByLinkHandler implements ICommandHandler<ConfirmByLinkCommand> {
  constructor(
    @Inject(BookingFlows) private readonly flows: BookingFlows,
    @Inject(BookingMailer) private readonly mail: BookingMailer,
  ) {}

  async execute({ token, source, context }: ConfirmByLinkCommand): Promise<CommandOutcome<PublicBooking>> {
    const { hash, loaded, location, action } = await resolveLink(this.flows, token);
    if (action !== 'confirm') throw new AppError('invalid-action');
    const bookingId = loaded.requested!.bookingId;
    const cancel = issueToken(bookingId);
    const outcome = await this.flows.confirm(
      bookingId,
      (now) => ({ type: 'ConfirmByLink', data: { tokenHash: hash, newCancelTokenHash: cancel.hash, now, source: { ...source, channel: 'confirm-link', linkHash: hash } } }),
      context,
      { loaded, location },
    );
    // a reopened link of a confirmed visit appends nothing: no second mail, and the answer says so
    const alreadyConfirmed = outcome.event === null;
    // the visitor sees the answer at once; the confirmation mail follows it
    if (!alreadyConfirmed) this.mail.later(() => this.mail.confirmed(this.flows.mailBooking(outcome.loaded, location), cancel.token, null));
    return { value: { ...this.flows.publicView(outcome.loaded, location, 'confirm'), alreadyConfirmed }, checkpoint: outcome.checkpoint };
  }
}

/** /public/booking/cancel: pendent or confirmed (001 §4: also after confirmation). */
@CommandHandler(CancelByLinkCommand)
export class CancelByLinkHandler implements ICommandHandler<CancelByLinkCommand> {
  constructor(
    @Inject(BookingFlows) private readonly flows: BookingFlows,
    @Inject(BookingMailer) private readonly mail: BookingMailer,
  ) {}

  async execute({ token, source, context }: CancelByLinkCommand): Promise<CommandOutcome<PublicBooking>> {
    const { hash, loaded, location, action } = await resolveLink(this.flows, token);
    if (action !== 'cancel') throw new AppError('invalid-action');
    const outcome = await this.flows.cancel(
      loaded.requested!.bookingId,
      (now) => ({ type: 'CancelByLink', data: { tokenHash: hash, now, source: { ...source, channel: 'cancel-link', linkHash: hash } } }),
      context,
      { loaded },
    );
    this.mail.later(() => this.mail.canceled(this.flows.mailBooking(outcome.loaded, location), null));
    return { value: this.flows.publicView(outcome.loaded, location, 'cancel'), checkpoint: outcome.checkpoint };
  }
}
