import { AppError, actorOf, type Principal } from '@portal/kernel';
import { checkpointFromString, type AppendContext, type Checkpoint } from '@portal/eventstore';
import type { PortalRequest } from './auth.js';

/** Longest User-Agent kept in event metadata: real browsers send a few hundred characters. */
export const USER_AGENT_MAX = 512;

/**
 * Metadata for the events a request's command appends: who, which request, from where (the
 * address and User-Agent, ADR 0071). The one place metadata is built from a request.
 */
/** An `Idempotency-Key` header: what x-request-id takes (ADR 0081). */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's `Idempotency-Key`, null without one; 400 for one that is not 1 to 128 of `[A-Za-z0-9._:-]`. */
export function idempotencyKeyOf(req: PortalRequest): string | null {
  const key = req.headers['idempotency-key'];
  if (key === undefined) return null;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    throw new AppError('app/bed-request', 'Invalid request', [{ path: 'idempotency-key', code: 'invalid_format', message: 'the Idempotency-Key header is 1 to 128 of A-Z a-z 0-9 . _ : -' }]);
  }
  return key;
}

export function appendContextOf(req: PortalRequest, principal?: Principal): AppendContext {
  const clientTime = req.headers['x-client-time'];
  const userAgent = req.headers['user-agent'];
  const idempotencyKey = idempotencyKeyOf(req);
  return {
    correlationId: req.correlationId,
    causationId: req.id,
    actor: principal ? actorOf(principal) : req.principal ? actorOf(req.principal) : 'system',
    origin: 'web',
    clientTime: typeof clientTime === 'string' && clientTime.length <= 64 ? clientTime : null,
    ip: typeof req.ip === 'string' && req.ip.length > 0 ? req.ip : null,
    userAgent: typeof userAgent === 'string' && userAgent.length > 0 ? userAgent.slice(0, USER_AGENT_MAX) : null,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
}

/** Read-your-writes: the position a read must see (the caller's last write, x-min-position), or null. */
export function minPositionOf(req: PortalRequest): Checkpoint | null {
  const header = req.headers['x-min-position'];
  return typeof header === 'string' ? checkpointFromString(header) : null;
}

/** What a command handler returns: its value and the global position of its events. */
export interface CommandOutcome<T> {
  value: T;
  checkpoint: Checkpoint | null;
}

/**
 * The context for the `part`-th of several appends one request makes to the same stream (a
 * visit and a feedback score, each ticket of a staff batch): with an Idempotency-Key, each part
 * gets event ids of its own, so the store never takes a later part for a retry of the first
 * (ADR 0093); a retried request derives the same ids part by part.
 */
export function partOf(context: AppendContext, part: number): AppendContext {
  if (!context.idempotencyKey || part === 0) return context;
  return { ...context, idempotencyKey: `${context.idempotencyKey}#${part}` };
}
