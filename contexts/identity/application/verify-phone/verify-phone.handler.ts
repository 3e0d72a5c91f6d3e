import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, type CommandOutcome } from '@portal/platform';
import { phoneCodeHash } from '../shared/codes.js';
import { decideOnUser } from '../shared/user-stream.js';
import { VerifyPhoneCommand } from './verify-phone.command.js';

/** /auth2/phone/verify: links the number when the code sent to it matches (once, before it expires). */
@CommandHandler(VerifyPhoneCommand)
export class VerifyPhoneHandler implements ICommandHandler<VerifyPhoneCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, phone, code, context }: VerifyPhoneCommand): Promise<CommandOutcome<{ ok: true }>> {
    const { checkpoint } = await decideOnUser(
      this.store,
      userId,
      { type: 'VerifyPhone', data: { phone, codeHash: phoneCodeHash(userId, phone, code), now: this.clock.now().toISOString() } },
      context,
    );
    return { value: { ok: true }, checkpoint };
  }
}
