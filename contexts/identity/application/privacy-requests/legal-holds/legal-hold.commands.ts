import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome, PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { legalHoldSchema } from '../../../contracts/index.js';
import type { UserPrincipal } from '../privacy-record.js';

/** A legal hold (an open audit) on a subject, with its reason: it blocks their erasure until lifted. */
export class PlaceLegalHoldCommand extends Command<CommandOutcome<z.infer<typeof legalHoldSchema>>> {
  constructor(
    readonly principal: UserPrincipal,
    readonly userId: string,
    readonly reason: string,
    readonly req: PortalRequest,
    readonly context: AppendContext,
  ) {
    super();
  }
}

export class LiftLegalHoldCommand extends Command<CommandOutcome<null>> {
  constructor(
    readonly principal: UserPrincipal,
    readonly userId: string,
    readonly holdId: string,
    readonly req: PortalRequest,
    readonly context: AppendContext,
  ) {
    super();
  }
}
