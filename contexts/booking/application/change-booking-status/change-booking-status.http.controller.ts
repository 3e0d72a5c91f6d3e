import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { bookingIdParamsSchema, statusChangeSchema, type BookingRow, type StatusChangeBody } from '../../contracts/index.js';
import { sourceOf } from '../shared/request-info.js';
import { ChangeBookingStatusCommand } from './change-booking-status.command.js';

/** /manager/tc (001 §2, §6): tc_manager and tc_admin confirm or cancel with a reason. */
@Controller('booking/staff')
export class ChangeBookingStatusController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('bookings/:bookingId/status')
  @HttpCode(200)
  @Authorized({ roles: ['tc_manager', 'tc_admin'] })
  @AnswersWithPosition()
  changeStatus(
    @ZodParams(bookingIdParamsSchema) params: { bookingId: string },
    @ZodBody(statusChangeSchema) body: StatusChangeBody,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<BookingRow>> {
    return this.commands.execute(new ChangeBookingStatusCommand(params.bookingId, body, sourceOf(req, 'staff'), appendContextOf(req)));
  }
}
