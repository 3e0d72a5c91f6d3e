import { Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodParams, ZodQuery, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { managedPrivacyQuerySchema, requestParamsSchema, type ManagedPrivacyPage } from '../../../contracts/index.js';
import { CancelManagedDeletionCommand } from '../cancel-managed-deletion/cancel-managed-deletion.command.js';
import { ManagedRequestsQuery } from './managed-requests.query.js';

/** Manager area (ADR 0092): signed-in, verified, complete accounts; the scope is the handler's (403 without one, 404 outside it). */
@Controller('manage-users/privacy-requests')
export class ManagedRequestsController {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Get()
  @Authorized()
  list(@ZodQuery(managedPrivacyQuerySchema) query: z.infer<typeof managedPrivacyQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<ManagedPrivacyPage> {
    return this.queries.execute(new ManagedRequestsQuery(requireUser(req.principal), { status: query.status, nearDeadline: query.nearDeadline === 'true' }, req));
  }

  @Post(':requestId/cancel')
  @HttpCode(204)
  @Authorized()
  @AnswersWithPosition()
  cancel(@ZodParams(requestParamsSchema) params: z.infer<typeof requestParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<null>> {
    return this.commands.execute(new CancelManagedDeletionCommand(requireUser(req.principal), params.requestId, req, appendContextOf(req)));
  }
}
