import { createReadStream, statSync, type Stats } from 'node:fs';
import { extname } from 'node:path';
import { contentType } from 'mime-types';
import { AppError } from '@portal/kernel';

export interface FileReply {
  code(status: number): FileReply;
  header(name: string, value: string | number): FileReply;
  send(payload?: unknown): unknown;
}

/**
 * The Content-Type of a file, from the maintained mime-db table (mime-types): .htm and .html,
 * .xml and .xsd, scripts, styles, JSON, fonts, media and .swf alike (ADR 0084); text types
 * carry charset=utf-8. Unknown extensions stay application/octet-stream (a download).
 */
export const contentTypeOf = (file: string): string => contentType(extname(file).toLowerCase()) || 'application/octet-stream';

export function statFile(file: string): Stats | null {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/** The byte range a Range header asks for (one range; suffix and open ranges), or 'invalid'. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/**
 * Sends a file with Range support (media seeking), a weak ETag and the caller's cache policy.
 * Returns the range served (null for the whole file) so callers can tell a first fetch from a seek.
 */
export function sendFile(
  reply: FileReply,
  file: string,
  headers: Record<string, string | undefined>,
  options: { cacheControl: string; disposition?: string; contentType?: string },
): { start: number; end: number } | null {
  const stats = statFile(file);
  if (!stats) throw new AppError('404');
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  reply.header('cache-control', options.cacheControl).header('etag', etag).header('accept-ranges', 'bytes').header('content-type', options.contentType ?? contentTypeOf(file));
  if (options.disposition) reply.header('content-disposition', options.disposition);
  if (headers['if-none-match'] === etag) {
    reply.code(304).send();
    return null;
  }
  const range = parseRange(headers.range, stats.size);
  if (range === 'invalid') {
    reply.code(416).header('content-range', `bytes */${stats.size}`).send();
    return null;
  }
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${stats.size}`).header('content-length', range.end - range.start + 1);
    reply.send(createReadStream(file, { start: range.start, end: range.end }));
    return range;
  }
  reply.code(200).header('content-length', stats.size);
  reply.send(createReadStream(file));
  return null;
}
