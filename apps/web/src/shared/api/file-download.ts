import { refreshAccessToken } from '../session/refresh';
import { getAccessToken } from '../session/token-store';
import { API_BASE } from './api-base';
import { ApiError } from './api-error';
import { apiErrorFromResponse } from './api-error-body';
import { MIN_POSITION_HEADER, currentEventPosition } from './event-position';
import { getGuestId } from './guest-id';

const request = (url: string, accept: string, token: string | null, body?: unknown): Promise<Response> => {
  const headers = new Headers({ accept, 'x-guest-id': getGuestId() });
  if (token) headers.set('authorization', `Bearer ${token}`);
  const position = currentEventPosition();
  if (position) headers.set(MIN_POSITION_HEADER, position);
  if (body !== undefined) headers.set('content-type', 'application/json');
  const init: RequestInit = body === undefined ? { headers, credentials: 'same-origin' } : { method: 'POST', headers, credentials: 'same-origin', body: JSON.stringify(body) };
  return fetch(`${API_BASE}${url}`, init).catch((error: unknown) => {
    throw new ApiError({ statusCode: 0, code: 'app/offline', message: error instanceof Error ? error.message : 'Network error' });
  });
};

/**
 * GET of a file the API serves behind the bearer token (a material, a CSV or XLSX report): not
 * JSON, so it goes around callRoute, with the same renewal of an expired access token (401
 * id-token-expired) and the same ApiError on failure. `url` is a routeUrl() path under /api.
 * With a `body`, a POST of it as JSON (a file whose making is recorded, as an audit trail export).
 */
export async function fetchFile(url: string, accept = '*/*', body?: unknown): Promise<Blob> {
  const token = getAccessToken();
  let response = await request(url, accept, token, body);
  if (response.status === 401 && token !== null) {
    const error = apiErrorFromResponse(401, await response.text());
    if (error.code !== 'id-token-expired' || !(await refreshAccessToken())) throw error;
    response = await request(url, accept, getAccessToken(), body);
  }
  if (!response.ok) throw apiErrorFromResponse(response.status, await response.text());
  return response.blob();
}

/** Hands a blob to the browser as a file download. */
export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
