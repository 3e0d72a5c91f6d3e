import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import type { CommandOutcome } from '@portal/platform';
import type { PublicBooking } from '../../contracts/index.js';
import { BookingFlows } from '../shared/booking-flows.js';
import { BookingMailer } from '../shared/booking-mail.js';
import { resolveLink } from '../shared/booking-links.js';
import { issueToken } from '../shared/link-tokens.js';
import { ConfirmByLinkCommand } from './confirm-by-link.command.js';

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
      (now, seat) => ({ type: 'ConfirmByLink', data: { tokenHash: hash, newCancelTokenHash: cancel.hash, seat, now, source: { ...source, channel: 'confirm-link', linkHash: hash } } }),
      context,
      { loaded, location },
    );
    // the visitor sees the answer at once; the confirmation mail follows it
    // a reopened link of a confirmed visit appends nothing: no second mail, and the answer says so
    const alreadyConfirmed = outcome.event === null;
    if (!alreadyConfirmed) this.mail.later(() => this.mail.confirmed(this.flows.mailBooking(outcome.loaded, location), cancel.token, null));
    return { value: { ...this.flows.publicView(outcome.loaded, location, 'confirm'), alreadyConfirmed }, checkpoint: outcome.checkpoint };
  }
}
