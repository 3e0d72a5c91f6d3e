import type { AppendContext } from '@portal/eventstore';
import type { FieldError } from '@portal/kernel';

/**
 * Field mode (ADR 0093): learner writes made offline arrive later, each with the `Idempotency-Key`
 * made when it happened and the `X-Client-Time` it happened at. The bounds below are the ones the
 * API holds a client time to, and for how long a key's first answer is kept.
 */

/** A client clock may run this far ahead of the server's (phones set by hand, no NTP in the field). */
export const CLIENT_CLOCK_SKEW_MS = 2 * 60_000;
/** The oldest action a device may still send: a station saved for offline is kept this long (ADR 0093). */
export const MAX_OFFLINE_AGE_MS = 14 * 24 * 60 * 60_000;
/** How long a key's first answer is kept: longer than MAX_OFFLINE_AGE_MS, so every retry of an accepted action is a replay. */
export const IDEMPOTENCY_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** The header a learner write carries the moment it happened in (ISO 8601 with a zone). */
export const CLIENT_TIME_HEADER = 'x-client-time';

/** ISO 8601 date-time with seconds (fraction optional) and a zone: what Date.toISOString and the SPA send. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

export type ClientTimeCheck = { ok: true; at: string | null } | { ok: false; error: FieldError };

/**
 * An `X-Client-Time` against the server's `now`: absent is fine (the action is the server's
 * now); a malformed one, one more than CLIENT_CLOCK_SKEW_MS ahead, or one older than
 * MAX_OFFLINE_AGE_MS is refused naming the header (400 app/bed-request). `at` is the instant in
 * the canonical form (`toISOString`).
 */
export function checkClientTime(header: unknown, now: Date): ClientTimeCheck {
  if (header === undefined || header === null) return { ok: true, at: null };
  const path = CLIENT_TIME_HEADER;
  if (typeof header !== 'string' || !ISO_DATE_TIME.test(header) || Number.isNaN(Date.parse(header))) {
    return { ok: false, error: { path, code: 'invalid_date', message: 'X-Client-Time is an ISO 8601 date-time with a zone (2026-12-07T10:00:00.000Z)' } };
  }
  const at = new Date(header);
  if (at.getTime() > now.getTime() + CLIENT_CLOCK_SKEW_MS) {
    return { ok: false, error: { path, code: 'too_big', message: `X-Client-Time is in the future (more than ${CLIENT_CLOCK_SKEW_MS / 1000} s ahead of the server)` } };
  }
  if (at.getTime() < now.getTime() - MAX_OFFLINE_AGE_MS) {
    return { ok: false, error: { path, code: 'too_small', message: `X-Client-Time is older than the ${MAX_OFFLINE_AGE_MS / 86_400_000} days an offline action may wait` } };
  }
  return { ok: true, at: at.toISOString() };
}

/**
 * When a learner's action happened, as the domain records it (viewedAt, completedAt,
 * answeredAt...): the request's client time when it is within the bounds, else the server's
 * `now`. Field-mode routes refuse an out-of-bounds time before the handler runs (ADR 0093), so
 * there this is always the client's time when one was sent; elsewhere (the page-hide beacon) a
 * time out of bounds is ignored, never trusted.
 */
export function actedAt(context: Pick<AppendContext, 'clientTime'>, now: Date): string {
  const check = checkClientTime(context.clientTime ?? undefined, now);
  return check.ok && check.at ? check.at : now.toISOString();
}
