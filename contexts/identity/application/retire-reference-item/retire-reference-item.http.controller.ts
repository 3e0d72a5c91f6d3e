import { Controller, Delete, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { referenceItemParamsSchema, type ReferenceItem, type ReferenceList } from '../../contracts/index.js';
import { RetireReferenceItemCommand } from './retire-reference-item.command.js';

/** Holders of manage_all_companies only. */
@Controller('manage-users/reference-data')
export class RetireReferenceItemController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Delete(':list/:itemId')
  @Authorized({ permissions: ['manage_all_companies'] })
  @AnswersWithPosition()
  retire(@ZodParams(referenceItemParamsSchema) params: { list: ReferenceList; itemId: string }, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<ReferenceItem>> {
    return this.commands.execute(new RetireReferenceItemCommand(requireUser(req.principal), params.list, params.itemId, appendContextOf(req)));
  }
}
