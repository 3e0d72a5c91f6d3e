import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import type { CommandOutcome } from '@portal/platform';
import type { PublicBooking } from '../../contracts/index.js';
import { BookingFlows } from '../shared/booking-flows.js';
import { BookingMailer } from '../shared/booking-mail.js';
import { resolveLink } from '../shared/booking-links.js';
import { CancelByLinkCommand } from './cancel-by-link.command.js';

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
