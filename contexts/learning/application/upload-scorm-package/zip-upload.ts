import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { AppError } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import { SCORM_ZIP_LIMITS } from '../shared/scorm-zip.js';

/** A request whose body @fastify/multipart reads (its `file()` gives the first file part). */
export type ZipUploadRequest = PortalRequest & {
  isMultipart?: () => boolean;
  file?: (opts?: unknown) => Promise<{ file: Readable & { truncated: boolean } } | undefined>;
};

const required = () => new AppError('app/bed-request', 'Send the SCORM zip as multipart/form-data field "file"', [{ path: 'file', code: 'required', message: 'required' }]);
const tooLarge = () =>
  new AppError('app/bed-request', `The zip is larger than ${SCORM_ZIP_LIMITS.maxZipBytes / 1024 / 1024} MB`, [{ path: 'file', code: 'zip_too_large', message: 'zip_too_large' }], {
    megabytes: SCORM_ZIP_LIMITS.maxZipBytes / 1024 / 1024,
  });

/**
 * Streams the multipart field `file` to a temp file (never whole in memory), at most
 * SCORM_ZIP_LIMITS.maxZipBytes; `use` gets its path, and the temp folder is removed after it.
 */
export async function withUploadedZip<T>(req: ZipUploadRequest, use: (file: string) => Promise<T>): Promise<T> {
  if (!req.isMultipart?.() || !req.file) throw required();
  const part = await req.file({ limits: { fileSize: SCORM_ZIP_LIMITS.maxZipBytes, files: 1 } });
  if (!part) throw required();
  const dir = mkdtempSync(join(tmpdir(), 'scorm-upload-'));
  try {
    const file = join(dir, 'package.zip');
    try {
      await pipeline(part.file, createWriteStream(file));
    } catch (error) {
      // @fastify/multipart stops a file over its limit with this error
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    }
    if (part.file.truncated || statSync(file).size > SCORM_ZIP_LIMITS.maxZipBytes) throw tooLarge();
    return await use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
