import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, Public, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { bookingRequestSchema, type BookingRequestBody, type BookingRequestedAnswer } from '../../contracts/index.js';
import { localeOf, sourceOf } from '../shared/request-info.js';
import { RequestBookingCommand } from './request-booking.command.js';

@Controller()
export class RequestBookingController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /** Anonymous (001 §6: public booking). */
  @Post('booking')
  @HttpCode(201)
  @Public()
  @AnswersWithPosition()
  request(
    @ZodBody(bookingRequestSchema) body: BookingRequestBody,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<BookingRequestedAnswer>> {
    return this.commands.execute(new RequestBookingCommand(body, localeOf(req, body.lang), sourceOf(req, 'booking-form'), appendContextOf(req)));
  }
}
