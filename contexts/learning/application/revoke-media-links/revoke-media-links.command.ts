import { Command } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { z } from 'zod';
import type { mediaLinkRevokedSchema } from '../../contracts/index.js';

/** DELETE /watermarkApi/media-protector/:mediaId: every link of the caller to that file stops working. */
export class RevokeMediaLinksCommand extends Command<CommandOutcome<z.infer<typeof mediaLinkRevokedSchema>>> {
  constructor(
    readonly principal: Principal,
    readonly mediaId: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}
