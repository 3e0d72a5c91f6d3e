import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { checkpointToString } from '@portal/eventstore';
import { appendContextOf, CurrentRequest, Public, ZodBody, type PortalRequest } from '@portal/platform';
import { tokenRequestSchema, type PublicBooking, type TokenRequest } from '../../contracts/index.js';
import { sourceOf, type ReplyLike } from '../shared/request-info.js';
import { CancelByLinkCommand, ConfirmByLinkCommand, ViewBookingLinkQuery } from './booking-link.commands.js';

/**
 * The e-mailed links open SPA pages (/public/booking/confirm?token=..., /cancel?token=...) that
 * call these. Tokens travel in POST bodies, so they stay out of request logs.
 */
@Controller()
export class BookingLinkController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Post('booking/link')
  @HttpCode(200)
  @Public()
  view(@ZodBody(tokenRequestSchema) body: TokenRequest): Promise<PublicBooking> {
    return this.queries.execute(new ViewBookingLinkQuery(body.token));
  }

  @Post('booking/confirm')
  @HttpCode(200)
  @Public()
  async confirm(@ZodBody(tokenRequestSchema) body: TokenRequest, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: ReplyLike): Promise<PublicBooking> {
    const { ip, userAgent } = sourceOf(req, 'confirm-link');
    const outcome = await this.commands.execute(new ConfirmByLinkCommand(body.token, { ip, userAgent }, appendContextOf(req)));
    if (outcome.checkpoint) reply.header('x-event-position', checkpointToString(outcome.checkpoint));
    return outcome.value;
  }

  @Post('booking/cancel')
  @HttpCode(200)
  @Public()
  async cancel(@ZodBody(tokenRequestSchema) body: TokenRequest, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: ReplyLike): Promise<PublicBooking> {
    const { ip, userAgent } = sourceOf(req, 'cancel-link');
    const outcome = await this.commands.execute(new CancelByLinkCommand(body.token, { ip, userAgent }, appendContextOf(req)));
    if (outcome.checkpoint) reply.header('x-event-position', checkpointToString(outcome.checkpoint));
    return outcome.value;
  }
}
