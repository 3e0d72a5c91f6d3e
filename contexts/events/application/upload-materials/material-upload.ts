import { AppError } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import { MATERIAL_MAX_BYTES, MATERIAL_MAX_FILES } from '../../contracts/index.js';

export type MultipartFilesRequest = PortalRequest & {
  isMultipart?: () => boolean;
  files?: (opts?: unknown) => AsyncIterableIterator<{ fieldname: string; filename: string; toBuffer(): Promise<Buffer>; file: { truncated: boolean } }>;
};

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

const required = () => new AppError('app/bed-request', 'Send the files as multipart/form-data field "files"', [{ path: 'files', message: 'required' }]);
const tooBig = () =>
  new AppError('app/bed-request', `File size must not exceed ${MATERIAL_MAX_BYTES / 1024}KB`, [{ path: 'files', message: 'fileSize', code: 'too_big' }], { size: MATERIAL_MAX_BYTES / 1024 });

/** The files of the multipart field `files` (at most MATERIAL_MAX_FILES of MATERIAL_MAX_BYTES each); types are checked by content later. */
export async function readMaterialUpload(req: MultipartFilesRequest): Promise<UploadedFile[]> {
  if (!req.isMultipart?.() || !req.files) throw required();
  const files: UploadedFile[] = [];
  try {
    for await (const part of req.files({ limits: { fileSize: MATERIAL_MAX_BYTES, files: MATERIAL_MAX_FILES } })) {
      if (part.fieldname !== 'files') throw required();
      const bytes = await part.toBuffer();
      if (part.file.truncated || bytes.length > MATERIAL_MAX_BYTES) throw tooBig();
      files.push({ fileName: part.filename.slice(0, 200) || 'file', bytes });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // the multipart plugin's limits (file too large, too many files)
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooBig();
    if (code === 'FST_FILES_LIMIT') throw new AppError('app/bed-request', `At most ${MATERIAL_MAX_FILES} files`, [{ path: 'files', message: 'max', code: 'too_big' }]);
    throw error;
  }
  if (files.length === 0) throw required();
  return files;
}
