import { Controller, Inject, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { checkpointToString } from '@portal/eventstore';
import { appendContextOf, Authorized, CurrentRequest, ZodBody, ZodParams, type PortalRequest } from '@portal/platform';
import { locationIdParamsSchema, locationUpdateSchema, type Location, type LocationUpdateBody } from '../../contracts/index.js';
import type { ReplyLike } from '../shared/request-info.js';
import { UpdateLocationCommand } from './update-location.command.js';

@Controller()
export class UpdateLocationController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Put('locations/:locationId')
  @Authorized({ roles: ['tc_admin'] })
  async update(
    @ZodParams(locationIdParamsSchema) params: { locationId: string },
    @ZodBody(locationUpdateSchema) body: LocationUpdateBody,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: ReplyLike,
  ): Promise<Location> {
    const outcome = await this.commands.execute(new UpdateLocationCommand(params.locationId, body, appendContextOf(req)));
    if (outcome.checkpoint) reply.header('x-event-position', checkpointToString(outcome.checkpoint));
    return outcome.value;
  }
}
