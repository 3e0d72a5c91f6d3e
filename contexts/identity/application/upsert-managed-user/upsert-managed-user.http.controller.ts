import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { managedUserUpsertSchema, type ManagedUserUpsert, type ManagedUserWriteResponse } from '../../contracts/index.js';
import { UpsertManagedUserCommand } from './upsert-managed-user.command.js';

/**
 * 001 §7 POST /manage-users/upsert: signed-in managers; the handler's domain answers 403 to anyone
 * without a manager scope (manage_companies_users in a company, or manage_all_companies) and 404
 * for a user outside it (ADR 0050).
 */
@Controller('manage-users')
export class UpsertManagedUserController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('upsert')
  @HttpCode(200)
  @Authorized()
  @AnswersWithPosition()
  upsert(@ZodBody(managedUserUpsertSchema) body: ManagedUserUpsert, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<ManagedUserWriteResponse>> {
    return this.commands.execute(new UpsertManagedUserCommand(requireUser(req.principal), body, appendContextOf(req)));
  }
}
