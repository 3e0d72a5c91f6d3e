import { Controller, Delete, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, Authorized, CurrentRequest, requireUser, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { holdBodySchema, holdParamsSchema, liftHoldParamsSchema, type legalHoldSchema, type legalHoldsSchema } from '../../../contracts/index.js';
import { LiftLegalHoldCommand, PlaceLegalHoldCommand } from './legal-hold.commands.js';
import { ListLegalHoldsQuery } from './list-legal-holds.query.js';

/** Legal holds (ADR 0092): the privacy scope's operators; 403 without one, 404 outside it. */
@Controller('manage-users/privacy-holds')
export class LegalHoldsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get(':userId')
  @Authorized()
  list(@ZodParams(holdParamsSchema) params: z.infer<typeof holdParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<z.infer<typeof legalHoldsSchema>> {
    return this.queries.execute(new ListLegalHoldsQuery(requireUser(req.principal), params.userId, req));
  }

  @Post(':userId')
  @HttpCode(201)
  @Authorized()
  @AnswersWithPosition()
  place(
    @ZodParams(holdParamsSchema) params: z.infer<typeof holdParamsSchema>,
    @ZodBody(holdBodySchema) body: z.infer<typeof holdBodySchema>,
    @CurrentRequest() req: PortalRequest,
  ): Promise<CommandOutcome<z.infer<typeof legalHoldSchema>>> {
    return this.commands.execute(new PlaceLegalHoldCommand(requireUser(req.principal), params.userId, body.reason, req, appendContextOf(req)));
  }

  @Delete(':userId/:holdId')
  @HttpCode(204)
  @Authorized()
  @AnswersWithPosition()
  lift(@ZodParams(liftHoldParamsSchema) params: z.infer<typeof liftHoldParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<null>> {
    return this.commands.execute(new LiftLegalHoldCommand(requireUser(req.principal), params.userId, params.holdId, req, appendContextOf(req)));
  }
}
