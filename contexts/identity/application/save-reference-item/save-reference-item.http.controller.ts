import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { referenceListParamsSchema, saveReferenceItemRequestSchema, type ReferenceItem, type ReferenceList } from '../../contracts/index.js';
import { SaveReferenceItemCommand } from './save-reference-item.command.js';

/** Holders of manage_all_companies only. */
@Controller('manage-users/reference-data')
export class SaveReferenceItemController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post(':list')
  @HttpCode(200)
  @Authorized({ permissions: ['manage_all_companies'] })
  @AnswersWithPosition()
  save(
    @ZodParams(referenceListParamsSchema) params: { list: ReferenceList },
    @ZodBody(saveReferenceItemRequestSchema) body: z.output<typeof saveReferenceItemRequestSchema>,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<ReferenceItem>> {
    return this.commands.execute(new SaveReferenceItemCommand(requireUser(req.principal), params.list, body, appendContextOf(req)));
  }
}
