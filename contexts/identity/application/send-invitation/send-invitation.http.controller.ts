import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { managedUserParamsSchema, sendInvitationRequestSchema, type ManagedUserWriteResponse } from '../../contracts/index.js';
import { SendInvitationCommand } from './send-invitation.command.js';

/** Signed-in managers with a scope holding the pre-registered user (403 without one, 404 outside it; ADR 0050). */
@Controller('manage-users/users')
export class SendInvitationController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post(':id/invitation')
  @HttpCode(200)
  @Authorized()
  @AnswersWithPosition()
  invite(@ZodParams(managedUserParamsSchema) params: z.infer<typeof managedUserParamsSchema>, @ZodBody(sendInvitationRequestSchema) body: z.infer<typeof sendInvitationRequestSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<ManagedUserWriteResponse>> {
    return this.commands.execute(new SendInvitationCommand(requireUser(req.principal), params.id, appendContextOf(req), body.lang ?? null));
  }
}
