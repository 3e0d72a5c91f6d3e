import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, requireUser, ZodBody, ZodParams, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { eventIdParamsSchema, withdrawSchema, type Enrolment, type WithdrawBody } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { WithdrawCommand } from './withdraw.command.js';

/** Withdraw myself (signed-in people, not the auditor), or, for tc_admin of Brazil, the named attendee. */
@Controller('scheduledEvents')
export class WithdrawController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post(':id/withdraw')
  @HttpCode(200)
  @EventsArea('attendee')
  @AnswersWithPosition()
  withdraw(@ZodParams(eventIdParamsSchema) params: { id: string }, @ZodBody(withdrawSchema) body: WithdrawBody, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<Enrolment>> {
    const user = requireUser(req.principal);
    return this.commands.execute(new WithdrawCommand(params.id, user, body.userId ?? user.userId, appendContextOf(req)));
  }
}
