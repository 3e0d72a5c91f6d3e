import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { deletionRequestSchema } from '../../../contracts/index.js';
import { RequestDeletionCommand } from './request-deletion.command.js';

@Controller('privacy/me/deletion')
export class RequestDeletionController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /** `{ confirm: true }` is the confirmation: anything else is a 400 naming the field. */
  @Post()
  @HttpCode(202)
  @Authorized({ allowIncomplete: true })
  @AnswersWithPosition()
  request(@ZodBody(deletionRequestSchema) _body: z.infer<typeof deletionRequestSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<{ requestId: string; eraseAfter: string }>> {
    return this.commands.execute(new RequestDeletionCommand(requireUser(req.principal), appendContextOf(req)));
  }
}
