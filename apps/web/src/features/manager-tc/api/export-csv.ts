import { bookingRoutes } from '@portal/booking/contracts/http';
import { API_BASE, currentEventPosition, routeUrl } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/api-error';
import { apiErrorFromResponse } from '../../../shared/api/api-error-body';
import { refreshAccessToken } from '../../../shared/session/refresh';
import { getAccessToken } from '../../../shared/session/token-store';
import { csvFileName, type BookingFilters } from '../model/booking-filters';

const request = async (url: string): Promise<Response> => {
  const headers = new Headers({ accept: 'text/csv' });
  const token = getAccessToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  const position = currentEventPosition();
  if (position) headers.set('x-min-position', position);
  try {
    return await fetch(`${API_BASE}${url}`, { headers, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError({ statusCode: 0, code: 'app/offline', message: error instanceof Error ? error.message : 'Network error' });
  }
};

/**
 * GET /api/booking/staff/bookings.csv with the list's filters, saved as a file. The answer is CSV,
 * not JSON, so this is the one call that does not go through callRoute; an expired access token
 * is renewed once like everywhere else.
 */
export async function downloadBookingsCsv(filters: BookingFilters): Promise<string> {
  const url = routeUrl(bookingRoutes.bookingsCsv.path, {}, { ...filters });
  let response = await request(url);
  if (response.status === 401) {
    const error = apiErrorFromResponse(401, await response.text());
    if (error.code !== 'id-token-expired' || !(await refreshAccessToken())) throw error;
    response = await request(url);
  }
  if (!response.ok) throw apiErrorFromResponse(response.status, await response.text());
  const blob = await response.blob();
  const name = csvFileName(filters);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
