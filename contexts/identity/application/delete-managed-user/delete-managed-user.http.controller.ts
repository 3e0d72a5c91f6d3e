import { Controller, Delete, HttpCode, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { managedUserParamsSchema } from '../../contracts/index.js';
import { DeleteManagedUserCommand } from './delete-managed-user.command.js';

/** Signed-in managers with a scope holding the user (403 without one, 404 outside it; ADR 0050). */
@Controller('manage-users/users')
export class DeleteManagedUserController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Delete(':id')
  @HttpCode(204)
  @Authorized()
  @AnswersWithPosition()
  remove(@ZodParams(managedUserParamsSchema) params: z.infer<typeof managedUserParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<void>> {
    return this.commands.execute(new DeleteManagedUserCommand(requireUser(req.principal), params.id, appendContextOf(req)));
  }
}
