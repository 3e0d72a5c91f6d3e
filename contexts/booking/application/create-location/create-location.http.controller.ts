import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { locationDefinitionSchema, type Location, type LocationDefinitionBody } from '../../contracts/index.js';
import { CreateLocationCommand } from './create-location.command.js';

@Controller()
export class CreateLocationController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('locations')
  @HttpCode(201)
  @Authorized({ roles: ['tc_admin'] })
  @AnswersWithPosition()
  create(
    @ZodBody(locationDefinitionSchema) body: LocationDefinitionBody,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<Location>> {
    return this.commands.execute(new CreateLocationCommand(body, appendContextOf(req)));
  }
}
