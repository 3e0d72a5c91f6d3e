import { Controller, Inject, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { companyIdParamsSchema, updateCompanyRequestSchema, type Company } from '../../contracts/index.js';
import { UpdateCompanyCommand } from './update-company.command.js';

/** Holders of manage_all_companies only. */
@Controller('manage-users')
export class UpdateCompanyController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Put('company/:id')
  @Authorized({ permissions: ['manage_all_companies'] })
  @AnswersWithPosition()
  update(
    @ZodParams(companyIdParamsSchema) params: { id: string },
    @ZodBody(updateCompanyRequestSchema) body: z.output<typeof updateCompanyRequestSchema>,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<Company>> {
    return this.commands.execute(new UpdateCompanyCommand(requireUser(req.principal), params.id, body, appendContextOf(req)));
  }
}
