import { identityRoutes, type RealtimeTicketResponse } from '@portal/identity/contracts/http';
import { callRoute } from '../../../shared/api/client';

/**
 * POST /api/realtime/ticket with the bearer token: the single-use ticket that opens the stream
 * (ADR 0080), so that the access token never travels in a URL.
 */
export const fetchStreamTicket = (): Promise<RealtimeTicketResponse> => callRoute(identityRoutes.realtimeTicket);
