import type { ErrorCode } from '@portal/kernel';
import type { z } from 'zod';

/** A route contract from a context's contracts/: the source of validation and of the OpenAPI document. */
export interface RouteContract {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
  /**
   * A `multipart/form-data` body (uploads): documented only, the handler reads the stream itself,
   * and the SPA sends a FormData.
   */
  form?: z.ZodType;
  /** an answer other than JSON: its media type (`text/csv`, `application/pdf`...) */
  responseType?: string;
  /** largest request body in bytes (default DEFAULT_BODY_LIMIT); uploads stream under their own limits */
  bodyLimit?: number;
  /**
   * Catalogue codes the route answers beyond those every route of its kind may give (see
   * apps/api/src/docs/openapi.ts): the OpenAPI document declares their statuses.
   */
  errors?: readonly ErrorCode[];
  /**
   * The handler needs the request body's exact bytes (a webhook's signature is an HMAC of them):
   * the edge keeps them as `rawBody` on the request for this route only (apps/api/src/http/raw-body.ts).
   */
  rawBody?: boolean;
  /** the refresh cookie (`portal_refresh`) is what identifies the caller */
  refreshCookie?: boolean;
  /**
   * A field-mode write (ADR 0093): an `Idempotency-Key` makes the first answer the answer to
   * every replay by the same caller (same status, body and x-event-position), the same key with
   * another request is 422 idempotency-key-reused, and `X-Client-Time` is held to its bounds.
   */
  idempotent?: boolean;
}

/**
 * Largest JSON body a route takes unless its contract says otherwise: every form and tracking
 * call of the specs fits in a few KiB; SCORM state and notification texts declare more.
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

const registry = new Map<string, { tag: string; route: RouteContract }>();

/** Each context registers its contracts when its module loads; /api/docs is built from them. */
export function registerRoutes(tag: string, routes: Record<string, RouteContract>): void {
  for (const route of Object.values(routes)) registry.set(`${route.method} ${route.path}`, { tag, route });
}
export const registeredRoutes = () => [...registry.values()];
/** The contract registered for a method and a path in its `:param` form (without the /api prefix). */
export const registeredRoute = (method: string, path: string) => registry.get(`${method.toUpperCase()} ${path}`);
