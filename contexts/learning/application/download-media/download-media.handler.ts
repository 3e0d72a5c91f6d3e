import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type Clock } from '@portal/kernel';
import type { AppendContext, EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, loadState } from '@portal/platform';
import { mediaLinksStream, mediaLinkStream } from '../../contracts/index.js';
import { linkUsable, mediaLinksDecider } from '../../domain/index.js';
import { CatalogueService } from '../shared/catalogue.service.js';
import { CONTENT_DIR, contentFile } from '../shared/content-dir.js';
import { statFile } from '../shared/file-response.js';
import { localeFor, MediaLinkSigner } from '../shared/media-links.js';
import { ProgressWriter } from '../shared/progress-writer.js';
import { DownloadMediaCommand, type ProtectedFile } from './download-media.command.js';

const expired = () => new AppError('403', 'This link has expired or was revoked');

/** Checks the link (signature, expiry, revocations), finds its file and records the download in the learner's progress. */
@CommandHandler(DownloadMediaCommand)
export class DownloadMediaHandler implements ICommandHandler<DownloadMediaCommand> {
  constructor(
    @Inject(CONTENT_DIR) private readonly contentDir: string,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
    @Inject(MediaLinkSigner) private readonly signer: MediaLinkSigner,
    @Inject(ProgressWriter) private readonly writer: ProgressWriter,
  ) {}

  async execute({ hash, range, request }: DownloadMediaCommand): Promise<ProtectedFile> {
    const signed = this.signer.verify(hash);
    if (!signed) throw new AppError('404');
    const now = this.clock.now().toISOString();
    if (signed.expiresAtSeconds * 1000 <= Date.parse(now)) throw expired();
    const { state: link } = await loadState(this.store, mediaLinkStream(signed.linkId), mediaLinksDecider);
    const claims = link.issued;
    if (!claims) throw new AppError('404');
    const { state: revocations } = await loadState(this.store, mediaLinksStream(claims.actor, claims.mediaId), mediaLinksDecider);
    if (!linkUsable(claims, revocations.lastRevokedAt, now)) throw expired();
    const model = await this.catalogue.model();
    const found = model.entries.get(claims.mediaId);
    if (!found || !found.entry.protected) throw new AppError('404');
    const src = found.entry.src[claims.lang] ?? found.entry.src[localeFor(found.entry, claims.lang) ?? 'pt-BR'];
    const file = src ? contentFile(this.contentDir, src) : null;
    if (!file || !statFile(file)) throw new AppError('404');
    // recorded before the bytes go out, so whoever has the file also has the fact in the log
    if (!range || /^bytes=0-/.test(range.trim())) {
      // the request's metadata (ip, User-Agent, ADR 0071) under the link owner's name: the route is public, the link is the credential
      const context: AppendContext = { ...request, correlationId: request.correlationId || claims.linkId, actor: claims.actor, origin: 'web' };
      const entry = { entryId: found.entry.entryId, type: found.entry.type, duration: found.entry.duration };
      await this.writer.execute(claims.actor, found.stationId, () => ({ type: 'RecordDownload', data: { actor: claims.actor, stationId: found.stationId, entry, lang: claims.lang, linkId: claims.linkId, now } }), context);
    }
    return { file, name: `${found.entry.entryId}${file.slice(file.lastIndexOf('.'))}` };
  }
}
