import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, Public, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { tokenRequestSchema, type PublicBooking, type TokenRequest } from '../../contracts/index.js';
import { sourceOf } from '../shared/request-info.js';
import { ConfirmByLinkCommand } from './confirm-by-link.command.js';

/** Confirm a visit by its e-mailed link: takes a seat or answers booking-unavailable (001 §4). Anonymous: the token is the key. */
@Controller()
export class ConfirmByLinkController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('booking/confirm')
  @HttpCode(200)
  @Public()
  @AnswersWithPosition()
  confirm(@ZodBody(tokenRequestSchema) body: TokenRequest, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<PublicBooking>> {
    const { ip, userAgent } = sourceOf(req, 'confirm-link');
    return this.commands.execute(new ConfirmByLinkCommand(body.token, { ip, userAgent }, appendContextOf(req)));
  }
}
