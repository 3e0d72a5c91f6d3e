import { Controller, Delete, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { mediaProtectorParamsSchema, type mediaLinkRevokedSchema } from '../../contracts/index.js';
import { RevokeMediaLinksCommand } from './revoke-media-links.command.js';

/** DELETE /watermarkApi/media-protector/:mediaId (ADR 0024). */
@Controller()
export class RevokeMediaLinksController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Delete('watermarkApi/media-protector/:mediaId')
  @Authorized()
  @AnswersWithPosition()
  revoke(@ZodParams(mediaProtectorParamsSchema) params: z.infer<typeof mediaProtectorParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<z.infer<typeof mediaLinkRevokedSchema>>> {
    return this.commands.execute(new RevokeMediaLinksCommand(requireUser(req.principal), params.mediaId, appendContextOf(req)));
  }
}
