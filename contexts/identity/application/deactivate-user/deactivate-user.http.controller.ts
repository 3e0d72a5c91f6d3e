import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { managedUserParamsSchema, type ManagedUserWriteResponse } from '../../contracts/index.js';
import { DeactivateUserCommand } from './deactivate-user.command.js';

/** Signed-in managers with a scope holding the user (403 without one, 404 outside it; ADR 0050). */
@Controller('manage-users/users')
export class DeactivateUserController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post(':id/deactivate')
  @HttpCode(200)
  @Authorized()
  @AnswersWithPosition()
  deactivate(@ZodParams(managedUserParamsSchema) params: z.infer<typeof managedUserParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<ManagedUserWriteResponse>> {
    return this.commands.execute(new DeactivateUserCommand(requireUser(req.principal), params.id, appendContextOf(req)));
  }
}
