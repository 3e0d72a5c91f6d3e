import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { mediaProtectorBodySchema, type mediaProtectorResponseSchema } from '../../contracts/index.js';
import { IssueMediaLinkCommand } from './issue-media-link.command.js';

/** POST /watermarkApi/media-protector (ADR 0024): signed-in learners only. */
@Controller()
export class IssueMediaLinkController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('watermarkApi/media-protector')
  @HttpCode(200)
  @Authorized()
  @AnswersWithPosition()
  protect(@ZodBody(mediaProtectorBodySchema) body: z.infer<typeof mediaProtectorBodySchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<z.infer<typeof mediaProtectorResponseSchema>>> {
    return this.commands.execute(new IssueMediaLinkCommand(requireUser(req.principal), body.mediaId, body.lang, appendContextOf(req)));
  }
}
