import { Controller, HttpCode, Inject, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { assignExpertThemesRequestSchema, expertUserParamsSchema, type ExpertAssignment } from '../../contracts/index.js';
import { AssignExpertThemesCommand } from './assign-expert-themes.command.js';

@Controller('expert/experts')
export class AssignExpertThemesController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /** Reference-data administrators: manage_all_companies (ADR 0051, 0072). */
  @Put(':userId')
  @HttpCode(200)
  @Authorized({ permissions: ['manage_all_companies'] })
  @AnswersWithPosition()
  assign(
    @ZodParams(expertUserParamsSchema) p: z.infer<typeof expertUserParamsSchema>,
    @ZodBody(assignExpertThemesRequestSchema) body: z.infer<typeof assignExpertThemesRequestSchema>,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<ExpertAssignment>> {
    return this.commands.execute(new AssignExpertThemesCommand(requireUser(req.principal).userId, p.userId, body.themeIds, appendContextOf(req)));
  }
}
