import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { checkpointToString } from '@portal/eventstore';
import { appendContextOf, CurrentRequest, Public, ZodBody, type PortalRequest } from '@portal/platform';
import { bookingRequestSchema, type BookingRequestBody, type BookingRequestedAnswer } from '../../contracts/index.js';
import { localeOf, sourceOf, type ReplyLike } from '../shared/request-info.js';
import { RequestBookingCommand } from './request-booking.command.js';

@Controller()
export class RequestBookingController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /** Anonymous (001 §6: public booking). */
  @Post('booking')
  @HttpCode(201)
  @Public()
  async request(
    @ZodBody(bookingRequestSchema) body: BookingRequestBody,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: ReplyLike,
  ): Promise<BookingRequestedAnswer> {
    const outcome = await this.commands.execute(new RequestBookingCommand(body, localeOf(req, body.lang), sourceOf(req, 'booking-form'), appendContextOf(req)));
    if (outcome.checkpoint) reply.header('x-event-position', checkpointToString(outcome.checkpoint));
    return outcome.value;
  }
}
