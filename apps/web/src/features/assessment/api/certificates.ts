import { queryOptions, useQuery } from '@tanstack/react-query';
import { scoringRoutes, certificateVerifyResponseSchema, type CertificateView } from '@portal/scoring/contracts/http';
import type { Locale } from '@portal/kernel';
import type { z } from 'zod';
import { API_BASE, callRoute, routeUrl } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/api-error';
import { apiErrorFromResponse } from '../../../shared/api/api-error-body';
import { getGuestId } from '../../../shared/api/guest-id';
import { refreshAccessToken } from '../../../shared/session/refresh';
import { getAccessToken } from '../../../shared/session/token-store';
import { assessmentKeys } from './keys';

export type CertificateVerification = z.infer<typeof certificateVerifyResponseSchema>;

/** GET /api/user-certificates?cropId: the caller's crop certificates, locked (with the lock message) or issued. */
export const fetchCertificates = (cropId: string | null, signal?: AbortSignal): Promise<CertificateView[]> =>
  callRoute(scoringRoutes.certificates, { query: cropId ? { cropId } : {}, signal });

export const certificatesQueryOptions = (cropId: string | null) =>
  queryOptions({ queryKey: assessmentKeys.certificates(cropId), queryFn: ({ signal }) => fetchCertificates(cropId, signal) });

export const useCertificates = (cropId: string | null) => useQuery(certificatesQueryOptions(cropId));

/** GET /api/certificates/verify/:code: public, no sign-in (the QR code's page). */
export const fetchVerification = (code: string, signal?: AbortSignal): Promise<CertificateVerification> =>
  callRoute(scoringRoutes.verify, { params: { code }, signal });

export const verificationQueryOptions = (code: string) =>
  queryOptions({ queryKey: assessmentKeys.verify(code), queryFn: ({ signal }) => fetchVerification(code, signal), staleTime: 5 * 60_000 });

export const useVerification = (code: string) => useQuery(verificationQueryOptions(code));

const requestPdf = (url: string, token: string | null): Promise<Response> => {
  const headers = new Headers({ accept: 'application/pdf', 'x-guest-id': getGuestId() });
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(url, { headers, credentials: 'same-origin' }).catch((error: unknown) => {
    throw new ApiError({ statusCode: 0, code: 'app/offline', message: error instanceof Error ? error.message : 'Network error' });
  });
};

/**
 * GET /api/user-certificates/download/:certificateId?cropId&lang: the PDF in the learner's
 * language. Not JSON, so it goes around callRoute, with the same token renewal on a
 * 401 id-token-expired. Failures are ApiErrors (the screen shows the certificate error message).
 */
export const downloadCertificatePdf = async (certificateId: string, cropId: string, lang: Locale): Promise<Blob> => {
  const url = `${API_BASE}${routeUrl(scoringRoutes.download.path, { certificateId }, { cropId, lang })}`;
  const token = getAccessToken();
  let response = await requestPdf(url, token);
  if (response.status === 401 && token !== null) {
    const error = apiErrorFromResponse(response.status, await response.text());
    if (error.code !== 'id-token-expired' || !(await refreshAccessToken())) throw error;
    response = await requestPdf(url, getAccessToken());
  }
  if (!response.ok) throw apiErrorFromResponse(response.status, await response.text());
  const blob = await response.blob();
  if (!(response.headers.get('content-type') ?? '').includes('pdf')) {
    throw new ApiError({ statusCode: 500, code: 'app/internal-server-error', message: 'The certificate is not a PDF' });
  }
  return blob;
};

/** Hands a blob to the browser as a file download. */
export const saveBlob = (blob: Blob, fileName: string): void => {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
};
