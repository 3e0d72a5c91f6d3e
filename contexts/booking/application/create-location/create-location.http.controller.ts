import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { checkpointToString } from '@portal/eventstore';
import { appendContextOf, Authorized, CurrentRequest, ZodBody, type PortalRequest } from '@portal/platform';
import { locationDefinitionSchema, type Location, type LocationDefinitionBody } from '../../contracts/index.js';
import type { ReplyLike } from '../shared/request-info.js';
import { CreateLocationCommand } from './create-location.command.js';

@Controller()
export class CreateLocationController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('locations')
  @HttpCode(201)
  @Authorized({ roles: ['tc_admin'] })
  async create(
    @ZodBody(locationDefinitionSchema) body: LocationDefinitionBody,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: ReplyLike,
  ): Promise<Location> {
    const outcome = await this.commands.execute(new CreateLocationCommand(body, appendContextOf(req)));
    if (outcome.checkpoint) reply.header('x-event-position', checkpointToString(outcome.checkpoint));
    return outcome.value;
  }
}
