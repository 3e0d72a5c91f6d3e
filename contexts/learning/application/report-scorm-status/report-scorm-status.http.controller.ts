import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { scormProgressBodySchema } from '../../contracts/index.js';
import { requireScormUser, type ScormProgress } from '../shared/scorm.js';
import { ReportScormStatusCommand } from './report-scorm-status.command.js';

/** POST /scorms/progress (000 §7). */
@Controller()
export class ReportScormStatusController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('scorms/progress')
  @HttpCode(200)
  @Authorized()
  @AnswersWithPosition()
  report(@ZodBody(scormProgressBodySchema) body: z.infer<typeof scormProgressBodySchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<ScormProgress>> {
    return this.commands.execute(new ReportScormStatusCommand(requireScormUser(req), { scormId: body.scormId, status: body.status, score: body.score ?? null }, appendContextOf(req)));
  }
}
