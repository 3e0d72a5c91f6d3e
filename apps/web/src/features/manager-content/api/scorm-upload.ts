import { mutationOptions, useMutation } from '@tanstack/react-query';
import { scormUploadRoutes, type ScormPackagePreview, type ScormPublished } from '@portal/learning/contracts/scorm-upload';
import { API_BASE, callRoute } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/api-error';
import { apiErrorFromResponse } from '../../../shared/api/api-error-body';
import { getAccessToken } from '../../../shared/session/token-store';
import { refreshAccessToken } from '../../../shared/session/refresh';

const MANAGER_CONTENT = ['manager-content'] as const;

/** One XMLHttpRequest upload (fetch reports no upload progress): the answer's status and text. */
const send = (body: FormData, token: string | null, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<{ status: number; text: string }> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${scormUploadRoutes.scormUpload.path}`);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError({ statusCode: 0, code: 'app/offline', message: 'Network error' }));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });

/**
 * POST /api/manager/scorm-packages (multipart field "file"), with the upload's progress (0..1):
 * the parsed course, or the ApiError of a refused zip (details[].code, the manifest's file and line).
 */
export async function uploadScormZip(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<ScormPackagePreview> {
  const body = new FormData();
  body.append('file', file, file.name);
  let answer = await send(body, getAccessToken(), onProgress, signal);
  if (answer.status === 401 && apiErrorFromResponse(401, answer.text).code === 'id-token-expired' && (await refreshAccessToken())) {
    answer = await send(body, getAccessToken(), onProgress, signal);
  }
  if (answer.status < 200 || answer.status >= 300) throw apiErrorFromResponse(answer.status, answer.text);
  const parsed = scormUploadRoutes.scormUpload.response.safeParse(JSON.parse(answer.text));
  if (!parsed.success) throw new ApiError({ statusCode: 500, code: 'app/internal-server-error', message: 'Unexpected answer from the upload' });
  return parsed.data;
}

export const useUploadScormZip = () =>
  useMutation(mutationOptions({ mutationKey: [...MANAGER_CONTENT, 'upload'] as const, mutationFn: (input: { file: File; onProgress: (fraction: number) => void }) => uploadScormZip(input.file, input.onProgress) }));

/** POST /api/manager/scorm-packages/:packageId/publish: the station's next revision plays the course. */
export const publishScormPackage = ({ packageId, stationId }: { packageId: string; stationId: string }): Promise<ScormPublished> =>
  callRoute(scormUploadRoutes.scormPublish, { params: { packageId }, body: { stationId } });

export const usePublishScormPackage = () => useMutation(mutationOptions({ mutationKey: [...MANAGER_CONTENT, 'publish'] as const, mutationFn: publishScormPackage }));
