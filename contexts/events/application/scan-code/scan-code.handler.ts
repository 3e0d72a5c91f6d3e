import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOutcome } from '@portal/platform';
import type { ScanResult } from '../../contracts/index.js';
import { EventCodes } from '../shared/codes.js';
import { Presence } from '../shared/presence.js';
import { ScanCodeCommand } from './scan-code.command.js';

/**
 * An attendee signed in on a phone scans the staff screen: the code's signature says which event
 * and action (event-code-invalid otherwise), the decider judges its window (event-code-expired
 * for an old one) and the presence windows; a second scan changes nothing.
 */
@CommandHandler(ScanCodeCommand)
export class ScanCodeHandler implements ICommandHandler<ScanCodeCommand> {
  constructor(
    @Inject(EventCodes) private readonly codes: EventCodes,
    @Inject(Presence) private readonly presence: Presence,
  ) {}

  async execute({ code, userId, context }: ScanCodeCommand): Promise<CommandOutcome<ScanResult>> {
    const { eventId, action, window } = this.codes.readStaffCode(code);
    const { result, checkpoint } = await this.presence.scan(eventId, userId, action, null, { kind: 'staff-code', window }, context);
    return { value: result, checkpoint };
  }
}
