import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { actorOf, AppError, newId, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, type CommandOutcome } from '@portal/platform';
import type { z } from 'zod';
import { mediaLinkStream, type mediaProtectorResponseSchema } from '../../contracts/index.js';
import { MEDIA_LINK_TTL_MS, mediaLinksDecider } from '../../domain/index.js';
import { requireEntry } from '../shared/access.js';
import { CatalogueService } from '../shared/catalogue.service.js';
import { localeFor, MediaLinkSigner } from '../shared/media-links.js';
import { IssueMediaLinkCommand } from './issue-media-link.command.js';

/** Records the link (who, which file, which language, until when) in its own stream and signs its id. */
@CommandHandler(IssueMediaLinkCommand)
export class IssueMediaLinkHandler implements ICommandHandler<IssueMediaLinkCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
    @Inject(MediaLinkSigner) private readonly signer: MediaLinkSigner,
  ) {}

  async execute({ principal, mediaId, lang: wanted, context }: IssueMediaLinkCommand): Promise<CommandOutcome<z.infer<typeof mediaProtectorResponseSchema>>> {
    const { entry } = requireEntry(await this.catalogue.model(), principal, mediaId);
    const lang = localeFor(entry, wanted);
    if (!lang) throw new AppError('404');
    const now = this.clock.now();
    const linkId = newId();
    const expiresAt = new Date(now.getTime() + MEDIA_LINK_TTL_MS).toISOString();
    const { result } = await handleCommand(
      this.store,
      mediaLinkStream(linkId),
      mediaLinksDecider,
      { type: 'IssueLink', data: { actor: actorOf(principal), mediaId: entry.entryId, linkId, lang, protectedMedia: entry.protected, now: now.toISOString(), expiresAt } },
      context,
    );
    const hash = this.signer.sign(linkId, expiresAt);
    return { value: { hash, mediaId: entry.entryId, url: `/api/download/${hash}`, expiresAt }, checkpoint: result?.checkpoint ?? null };
  }
}
