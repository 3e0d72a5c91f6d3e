import { SCORM_UPLOAD_REFUSALS, type ScormUploadRefusal } from '@portal/learning/contracts/scorm-upload';
import { isApiError } from '../../../shared/api/api-error';

/** Why an upload was refused, as the screen lists it: the reason's code and the server's words (which name the file and line). */
export interface UploadRefusal {
  code: ScormUploadRefusal;
  /** `imsmanifest.xml:12:5: ...` for a bad manifest; the entry for a zip refusal */
  lines: string[];
  /** the manifest's file and line, when the server gave them */
  where: { file: string; line: number } | null;
}

const isRefusal = (code: string | undefined): code is ScormUploadRefusal => (SCORM_UPLOAD_REFUSALS as readonly (string | undefined)[]).includes(code);

/** The refusal in a failed upload's ApiError (400 with a zip_*, manifest_* or launch_missing detail); null for any other failure. */
export function uploadRefusalOf(error: unknown): UploadRefusal | null {
  if (!isApiError(error) || error.statusCode !== 400) return null;
  const details = error.details.filter((d) => d.path === 'file' && isRefusal(d.code));
  const code = details[0]?.code;
  if (!isRefusal(code)) return null;
  const file = error.params.file;
  const line = Number(error.params.line);
  return { code, lines: details.map((d) => d.message), where: typeof file === 'string' && line > 0 ? { file, line } : null };
}

/** Bytes as the preview shows them (1 decimal above a KB). */
export const sizeOf = (bytes: number): string =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
