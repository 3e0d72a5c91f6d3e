import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { Public } from '@portal/platform';
import { sendFile, type FileReply } from '../shared/file-response.js';
import { ServeMediaQuery } from './serve-media.query.js';

type RawRequest = { headers: Record<string, string | undefined>; params: Record<string, string>; query: Record<string, string | undefined> };

/** Unprotected content files under /api/media, immutable when addressed by content hash (ADR 0024); a file answer needs the raw reply. */
@Controller()
export class ServeMediaController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('media/*')
  @Public()
  async media(@Req() req: RawRequest, @Res() reply: FileReply): Promise<void> {
    const rest = req.params['path'] ?? req.params['*'] ?? '';
    const path = Array.isArray(rest) ? rest.join('/') : String(rest);
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      throw new AppError('404');
    }
    const file = await this.queries.execute(new ServeMediaQuery(decoded));
    // ?v=<content hash> URLs change with the file: cache them for good; others briefly
    sendFile(reply, file, req.headers, { cacheControl: req.query.v ? 'public, max-age=31536000, immutable' : 'public, max-age=300' });
  }
}
