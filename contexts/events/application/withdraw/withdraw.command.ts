import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { Principal } from '@portal/kernel';
import type { CommandOutcome } from '@portal/platform';
import type { Enrolment } from '../../contracts/index.js';

export class WithdrawCommand extends Command<CommandOutcome<Enrolment>> {
  constructor(
    readonly eventId: string,
    readonly actor: Extract<Principal, { kind: 'user' }>,
    /** whom to withdraw: the caller unless tc_admin names someone */
    readonly userId: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}
