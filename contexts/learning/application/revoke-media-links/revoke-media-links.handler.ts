import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { actorOf, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, type CommandOutcome } from '@portal/platform';
import type { z } from 'zod';
import { mediaLinksStream, type mediaLinkRevokedSchema } from '../../contracts/index.js';
import { mediaLinksDecider } from '../../domain/index.js';
import { requireEntry } from '../shared/access.js';
import { CatalogueService } from '../shared/catalogue.service.js';
import { RevokeMediaLinksCommand } from './revoke-media-links.command.js';

@CommandHandler(RevokeMediaLinksCommand)
export class RevokeMediaLinksHandler implements ICommandHandler<RevokeMediaLinksCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
  ) {}

  async execute({ principal, mediaId, context }: RevokeMediaLinksCommand): Promise<CommandOutcome<z.infer<typeof mediaLinkRevokedSchema>>> {
    const { entry } = requireEntry(await this.catalogue.model(), principal, mediaId);
    const actor = actorOf(principal);
    const now = this.clock.now().toISOString();
    const { result } = await handleCommand(this.store, mediaLinksStream(actor, entry.entryId), mediaLinksDecider, { type: 'RevokeLinks', data: { actor, mediaId: entry.entryId, now } }, context);
    return { value: { ok: true, revokedAt: now }, checkpoint: result?.checkpoint ?? null };
  }
}
