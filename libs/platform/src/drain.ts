import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * Waits until `stream` asks for more ('drain') or `out` is closed (a download cut off), whichever
 * comes first, and removes the listener of the other: a file of many rows waits here thousands of
 * times, and listeners left behind on `out` grew with every wait (MaxListenersExceededWarning in
 * the reports bench).
 */
export async function drainOrClose(stream: Writable, out: Writable = stream): Promise<void> {
  const stop = new AbortController();
  try {
    await Promise.race([once(stream, 'drain', { signal: stop.signal }), once(out, 'close', { signal: stop.signal })]);
  } finally {
    stop.abort();
  }
}
