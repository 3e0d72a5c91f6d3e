import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { appendContextOf, Public, ZodParams, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { downloadParamsSchema } from '../../contracts/index.js';
import { sendFile, type FileReply } from '../shared/file-response.js';
import { DownloadMediaCommand } from './download-media.command.js';

type RawRequest = PortalRequest & { headers: Record<string, string | undefined>; query: Record<string, string | undefined> };

/** GET /download/:hash (ADR 0024): the signed link itself is the credential; a file answer needs the raw reply. */
@Controller()
export class DownloadMediaController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Get('download/:hash')
  @Public()
  async download(@ZodParams(downloadParamsSchema) params: z.infer<typeof downloadParamsSchema>, @Req() req: RawRequest, @Res() reply: FileReply): Promise<void> {
    const { file, name } = await this.commands.execute(new DownloadMediaCommand(params.hash, req.headers.range, appendContextOf(req)));
    const attachment = req.query.download === '1' || req.query.download === 'true';
    sendFile(reply, file, req.headers, { cacheControl: 'private, no-store', disposition: `${attachment ? 'attachment' : 'inline'}; filename="${name}"` });
  }
}
