import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';

/** What the download route sends: the file, its download name. */
export interface ProtectedFile {
  file: string;
  name: string;
}

/**
 * GET /download/:hash: a signed link's protected file. The first fetch (no range, or a range from
 * byte 0) records the download; a player's later range requests (seeking) are the same download.
 */
export class DownloadMediaCommand extends Command<ProtectedFile> {
  constructor(
    readonly hash: string,
    readonly range: string | undefined,
    /** the request's metadata (appendContextOf: correlation, ip, User-Agent); the actor is the link's owner, set by the handler */
    readonly request: AppendContext,
  ) {
    super();
  }
}
