import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { PROJECTIONS, type CommandOutcome } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findBooking } from '@portal/projection-booking-bookings';
import type { BookingRow } from '../../contracts/index.js';
import type { SeatOutcome } from '../../domain/index.js';
import { BookingFlows } from '../shared/booking-flows.js';
import { BookingMailer } from '../shared/booking-mail.js';
import { issueToken } from '../shared/link-tokens.js';
import { ChangeBookingStatusCommand } from './change-booking-status.command.js';
import { toBookingRow } from '../shared/staff-rows.js';

/**
 * Staff confirm or cancel a booking, always with a reason (recorded in the event, shown in the
 * list and the audit). A staff confirmation takes a seat like the visitor's link: capacity holds
 * for everyone. The visitor is told by e-mail.
 */
@CommandHandler(ChangeBookingStatusCommand)
export class ChangeBookingStatusHandler implements ICommandHandler<ChangeBookingStatusCommand> {
  constructor(
    @Inject(BookingFlows) private readonly flows: BookingFlows,
    @Inject(BookingMailer) private readonly mail: BookingMailer,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ bookingId, input, source, context }: ChangeBookingStatusCommand): Promise<CommandOutcome<BookingRow>> {
    const cancel = input.status === 'confirmed' ? issueToken(bookingId) : null;
    // a confirmation carries its seat's outcome (taken first, ADR 0087); a cancellation takes none
    const command = (now: string, seat: SeatOutcome = 'not-asked') => ({
      type: 'ChangeStatusByStaff' as const,
      data: { status: input.status, reason: input.reason, newCancelTokenHash: cancel?.hash ?? null, seat, now, source },
    });
    const outcome = input.status === 'confirmed' ? await this.flows.confirm(bookingId, command, context) : await this.flows.cancel(bookingId, command, context);
    if (outcome.event) {
      const state = outcome.loaded.state;
      const location = state.status === 'unknown' ? null : await this.flows.loadLocation(state.locationId);
      if (location) {
        const mail = this.flows.mailBooking(outcome.loaded, location);
        this.mail.later(() => (input.status === 'confirmed' ? this.mail.confirmed(mail, cancel?.token ?? null, input.reason) : this.mail.canceled(mail, input.reason)));
      }
    }
    // the answer is the staff list's row, so it waits for this write in that read model
    await this.projections.waitForAll(['booking-bookings'], outcome.checkpoint);
    const row = await findBooking(this.projections.reader('booking-bookings'), bookingId);
    if (!row) throw new AppError('booking-invalid');
    return { value: toBookingRow(row), checkpoint: outcome.checkpoint };
  }
}
