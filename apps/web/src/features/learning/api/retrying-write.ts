import { isApiError } from '../../../shared/api/api-error';
import { newUuid } from '../../../shared/api/guest-id';

/**
 * Waits before each new try of a learning write, in ms (each scaled by 0.5-1.5 at random, so two
 * tabs do not retry in step): about 8 s in all, the length of a database failover.
 */
export const WRITE_RETRY_WAITS_MS = [250, 500, 1_000, 2_000, 4_000] as const;

/**
 * An answer that says the write may be sent again (ADR 0081): 409 write-conflict (it lost a race
 * to its stream and nothing was written), 503 (the server lost its database connection: it may or
 * may not have committed) and no answer at all (offline, a cut connection).
 */
export const isRetryableWrite = (error: unknown): boolean =>
  isApiError(error) && (error.code === 'write-conflict' || error.statusCode === 503 || error.statusCode === 0);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends a learning write (a view, a play tick, a bookmark, a visit, a media state) with an
 * Idempotency-Key, and sends it again with the same key while the answer says so: the server
 * stores a write that had committed once (issue 26 item 15: a burst of views was dropped).
 */
export async function retryingWrite<T>(send: (headers: Record<string, string>) => Promise<T>, wait: (ms: number) => Promise<void> = sleep): Promise<T> {
  const headers = { 'idempotency-key': newUuid() };
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(headers);
    } catch (error) {
      const delay = WRITE_RETRY_WAITS_MS[attempt];
      if (!isRetryableWrite(error) || delay === undefined) throw error;
      await wait(delay * (0.5 + Math.random()));
    }
  }
}
