import { AppError } from '@portal/kernel';
import { uploadedBytes } from '@portal/platform';
import { PROFILE_PICTURE_MAX_BYTES } from '../../contracts/index.js';
import type { MultipartRequest } from '../shared/multipart.js';

export type { MultipartRequest };

const required = () => new AppError('app/bed-request', 'Send the image as multipart/form-data field "file"', [{ path: 'file', message: 'required' }]);

/** The bytes of the multipart field `file`, at most PROFILE_PICTURE_MAX_BYTES (parsing; the type is checked by content later). */
export async function readPictureUpload(req: MultipartRequest): Promise<Buffer> {
  if (!req.isMultipart?.() || !req.file) throw required();
  const part = await req.file({ limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1 } });
  if (!part) throw required();
  const bytes = await uploadedBytes(part);
  if (!bytes || part.file.truncated || bytes.length > PROFILE_PICTURE_MAX_BYTES) {
    throw new AppError('app/bed-request', `File size must not exceed ${PROFILE_PICTURE_MAX_BYTES / 1024}KB`, [{ path: 'file', message: 'fileSize', code: 'too_big' }], { size: PROFILE_PICTURE_MAX_BYTES / 1024 });
  }
  return bytes;
}
