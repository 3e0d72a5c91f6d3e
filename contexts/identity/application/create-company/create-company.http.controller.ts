import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { createCompanyRequestSchema, type Company } from '../../contracts/index.js';
import { CreateCompanyCommand } from './create-company.command.js';

/** Holders of manage_all_companies only. */
@Controller('manage-users')
export class CreateCompanyController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('company')
  @HttpCode(201)
  @Authorized({ permissions: ['manage_all_companies'] })
  @AnswersWithPosition()
  create(@ZodBody(createCompanyRequestSchema) body: z.output<typeof createCompanyRequestSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<Company>> {
    return this.commands.execute(new CreateCompanyCommand(requireUser(req.principal), body, appendContextOf(req)));
  }
}
