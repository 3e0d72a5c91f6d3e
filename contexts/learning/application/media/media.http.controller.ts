import { Controller, Delete, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { actorOf, AppError, LOCALES, newId, type Clock, type Locale } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { APP_CONFIG, appendContextOf, Authorized, CLOCK, CurrentRequest, EVENT_STORE, handleCommand, loadState, Public, ZodBody, ZodParams, type AppConfig, type PortalRequest } from '@portal/platform';
import { join } from 'node:path';
import type { z } from 'zod';
import {
  downloadParamsSchema,
  mediaLinksStream,
  mediaLinkStream,
  mediaProtectorBodySchema,
  mediaProtectorParamsSchema,
  type ContentEntry,
  type mediaLinkRevokedSchema,
  type mediaProtectorResponseSchema,
} from '../../contracts/index.js';
import { linkUsable, MEDIA_LINK_TTL_MS, mediaLinksDecider } from '../../domain/index.js';
import { requireEntry } from '../shared/access.js';
import { CatalogueService } from '../shared/catalogue.service.js';
import { contentFile } from '../shared/content-dir.js';
import { sendFile, statFile, type FileReply } from '../shared/file-response.js';
import { MediaLinkSigner } from '../shared/media-links.js';
import { ProgressWriter } from '../shared/progress-writer.js';
import { setPosition } from '../track-progress/track-progress.http.controller.js';

export const CONTENT_DIR = Symbol.for('portal.learning.ContentDir');

type RawRequest = { headers: Record<string, string | undefined>; params: Record<string, string>; query: Record<string, string | undefined> };

/** The first locale with a source, preferring the requested one. */
const localeFor = (entry: ContentEntry, wanted: Locale | undefined): Locale | null => (wanted && entry.src[wanted] ? wanted : (LOCALES.find((l) => entry.src[l]) ?? null));

/**
 * Content files: unprotected ones under /api/media (immutable when addressed by content hash);
 * protected ones only through signed, expiring links (ADR 0024).
 */
@Controller()
export class MediaController {
  private readonly signer: MediaLinkSigner;

  constructor(
    @Inject(CONTENT_DIR) private readonly contentDir: string,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
    @Inject(ProgressWriter) private readonly writer: ProgressWriter,
  ) {
    this.signer = new MediaLinkSigner(config.jwtSecret);
  }

  @Get('media/*')
  @Public()
  media(@Req() req: RawRequest, @Res() reply: FileReply): void {
    const rest = req.params['path'] ?? req.params['*'] ?? '';
    const path = Array.isArray(rest) ? rest.join('/') : String(rest);
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      throw new AppError('404');
    }
    // only the public media folder: protected files and the pack itself are never served here
    const file = contentFile(join(this.contentDir, 'media'), decoded);
    if (!file) throw new AppError('404');
    // ?v=<content hash> URLs change with the file: cache them for good; others briefly
    sendFile(reply, file, req.headers, { cacheControl: req.query.v ? 'public, max-age=31536000, immutable' : 'public, max-age=300' });
  }

  @Post('watermarkApi/media-protector')
  @HttpCode(200)
  @Authorized()
  async protect(
    @ZodBody(mediaProtectorBodySchema) body: z.infer<typeof mediaProtectorBodySchema>,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: { header(name: string, value: string): unknown },
  ): Promise<z.infer<typeof mediaProtectorResponseSchema>> {
    const principal = req.principal!;
    const model = await this.catalogue.model();
    const { entry } = requireEntry(model, principal, body.mediaId);
    const lang = localeFor(entry, body.lang);
    if (!lang) throw new AppError('404');
    const actor = actorOf(principal);
    const now = this.clock.now();
    const linkId = newId();
    const issuedAt = now.toISOString();
    const expiresAt = new Date(now.getTime() + MEDIA_LINK_TTL_MS).toISOString();
    const { result } = await handleCommand(
      this.store,
      mediaLinkStream(linkId),
      mediaLinksDecider,
      { type: 'IssueLink', data: { actor, mediaId: entry.entryId, linkId, lang, protectedMedia: entry.protected, now: issuedAt, expiresAt } },
      appendContextOf(req),
    );
    setPosition(reply, result?.checkpoint ?? null);
    const hash = this.signer.sign(linkId, expiresAt);
    return { hash, mediaId: entry.entryId, url: `/api/download/${hash}`, expiresAt };
  }

  @Delete('watermarkApi/media-protector/:mediaId')
  @Authorized()
  async unprotect(@ZodParams(mediaProtectorParamsSchema) params: z.infer<typeof mediaProtectorParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<z.infer<typeof mediaLinkRevokedSchema>> {
    const principal = req.principal!;
    const model = await this.catalogue.model();
    const { entry } = requireEntry(model, principal, params.mediaId);
    const now = this.clock.now().toISOString();
    await handleCommand(this.store, mediaLinksStream(actorOf(principal), entry.entryId), mediaLinksDecider, { type: 'RevokeLinks', data: { actor: actorOf(principal), mediaId: entry.entryId, now } }, appendContextOf(req));
    return { ok: true, revokedAt: now };
  }

  @Get('download/:hash')
  @Public()
  async download(@ZodParams(downloadParamsSchema) params: z.infer<typeof downloadParamsSchema>, @Req() req: RawRequest & PortalRequest, @Res() reply: FileReply): Promise<void> {
    const signed = this.signer.verify(params.hash);
    if (!signed) throw new AppError('404');
    const now = this.clock.now().toISOString();
    if (signed.expiresAtSeconds * 1000 <= Date.parse(now)) throw new AppError('403', 'This link has expired or was revoked');
    const { state: link } = await loadState(this.store, mediaLinkStream(signed.linkId), mediaLinksDecider);
    const claims = link.issued;
    if (!claims) throw new AppError('404');
    const { state: revocations } = await loadState(this.store, mediaLinksStream(claims.actor, claims.mediaId), mediaLinksDecider);
    if (!linkUsable(claims, revocations.lastRevokedAt, now)) throw new AppError('403', 'This link has expired or was revoked');
    const model = await this.catalogue.model();
    const found = model.entries.get(claims.mediaId);
    if (!found || !found.entry.protected) throw new AppError('404');
    const src = found.entry.src[claims.lang] ?? found.entry.src[localeFor(found.entry, claims.lang) ?? 'pt-BR'];
    const file = src ? contentFile(this.contentDir, src) : null;
    if (!file) throw new AppError('404');
    const name = `${found.entry.entryId}${file.slice(file.lastIndexOf('.'))}`;
    const attachment = req.query.download === '1' || req.query.download === 'true';
    // a player's later range requests (seeking) are the same download, not new ones; recorded
    // before the bytes go out, so whoever has the file also has the fact in the log
    if (!statFile(file)) throw new AppError('404');
    const range = req.headers.range;
    if (!range || /^bytes=0-/.test(range.trim())) {
      const context = { correlationId: req.correlationId ?? claims.linkId, causationId: req.id ?? null, actor: claims.actor, origin: 'web' as const };
      await this.writer.execute(
        claims.actor,
        found.stationId,
        () => ({ type: 'RecordDownload', data: { actor: claims.actor, stationId: found.stationId, entry: { entryId: found.entry.entryId, type: found.entry.type, duration: found.entry.duration }, lang: claims.lang, linkId: claims.linkId, now } }),
        context,
      );
    }
    sendFile(reply, file, req.headers, { cacheControl: 'private, no-store', disposition: `${attachment ? 'attachment' : 'inline'}; filename="${name}"` });
  }
}
