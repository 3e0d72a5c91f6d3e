import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { scormContentBodySchema, scormContentParamsSchema } from '../../contracts/index.js';
import { requireScormUser, type ScormContent } from '../shared/scorm.js';
import { SaveScormContentCommand } from './save-scorm-content.command.js';

/** POST /user-store/scorm-content/:id (000 §7): on LMSCommit/Commit and LMSFinish/Terminate. */
@Controller()
export class SaveScormContentController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('user-store/scorm-content/:id')
  @HttpCode(200)
  @Authorized()
  @AnswersWithPosition()
  save(
    @ZodParams(scormContentParamsSchema) params: z.infer<typeof scormContentParamsSchema>,
    @ZodBody(scormContentBodySchema) body: z.infer<typeof scormContentBodySchema>,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<ScormContent>> {
    const { cmi, scoId, rollup, sequencing, revision } = body;
    return this.commands.execute(new SaveScormContentCommand(requireScormUser(req), params.id, cmi, appendContextOf(req), { scoId, rollup, sequencing, revision }));
  }
}
