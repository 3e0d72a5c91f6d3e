import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, Public, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { tokenRequestSchema, type PublicBooking, type TokenRequest } from '../../contracts/index.js';
import { sourceOf } from '../shared/request-info.js';
import { CancelByLinkCommand } from './cancel-by-link.command.js';

/** Cancel a visit by its e-mailed link, pendent or confirmed (001 §4). Anonymous: the token is the key. */
@Controller()
export class CancelByLinkController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('booking/cancel')
  @HttpCode(200)
  @Public()
  @AnswersWithPosition()
  cancel(@ZodBody(tokenRequestSchema) body: TokenRequest, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<PublicBooking>> {
    const { ip, userAgent } = sourceOf(req, 'cancel-link');
    return this.commands.execute(new CancelByLinkCommand(body.token, { ip, userAgent }, appendContextOf(req)));
  }
}
