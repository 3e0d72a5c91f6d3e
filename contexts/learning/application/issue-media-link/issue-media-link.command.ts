import { Command } from '@nestjs/cqrs';
import type { Locale, Principal } from '@portal/kernel';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { z } from 'zod';
import type { mediaProtectorResponseSchema } from '../../contracts/index.js';

/** POST /watermarkApi/media-protector: a signed, expiring link to a protected file (ADR 0024). */
export class IssueMediaLinkCommand extends Command<CommandOutcome<z.infer<typeof mediaProtectorResponseSchema>>> {
  constructor(
    readonly principal: Principal,
    readonly mediaId: string,
    readonly lang: Locale | undefined,
    readonly context: AppendContext,
  ) {
    super();
  }
}
