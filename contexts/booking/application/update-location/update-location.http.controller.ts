import { Controller, Inject, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { locationIdParamsSchema, locationUpdateSchema, type Location, type LocationUpdateBody } from '../../contracts/index.js';
import { UpdateLocationCommand } from './update-location.command.js';

@Controller()
export class UpdateLocationController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Put('locations/:locationId')
  @Authorized({ roles: ['tc_admin'] })
  @AnswersWithPosition()
  update(
    @ZodParams(locationIdParamsSchema) params: { locationId: string },
    @ZodBody(locationUpdateSchema) body: LocationUpdateBody,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<Location>> {
    return this.commands.execute(new UpdateLocationCommand(params.locationId, body, appendContextOf(req)));
  }
}
