import type { ScanActionName, TicketScanResults } from '@portal/events/contracts/http';

/**
 * The staff scanner's queue (ADR 0060: tickets scanned offline keep their own time and are sent
 * when the connection is back; resending changes nothing). Every scan goes through the queue: it
 * is stored first (localStorage, so a closed tab or a reload keeps it), then sent in batches of
 * the contract's size; a scan leaves the queue when the API has judged it, ok or not. A network
 * failure keeps the whole batch for the next try. Pure; the storage is at the edge.
 */
export interface QueuedScan {
  /** the queue's own id */
  id: string;
  eventId: string;
  ticket: string;
  action: ScanActionName;
  /** when the camera read it (ISO): the check-in window is judged at this time */
  scannedAt: string;
  deviceId: string;
}

/** What the API said about one scan. */
export type ScanOutcome =
  | { scan: QueuedScan; ok: true; userId: string; changed: boolean; at: string }
  | { scan: QueuedScan; ok: false; code: string; message: string };

export const BATCH_MAX = 500;
/** A ticket read twice within this time is the same scan (a camera reads a code many times a second). */
export const SAME_SCAN_MS = 5_000;

/** Adds a scan, unless the same ticket for the same action was queued in the last few seconds. */
export function enqueue(queue: readonly QueuedScan[], scan: QueuedScan): { queue: QueuedScan[]; added: boolean } {
  const at = new Date(scan.scannedAt).getTime();
  const repeat = queue.some(
    (q) => q.eventId === scan.eventId && q.ticket === scan.ticket && q.action === scan.action && Math.abs(new Date(q.scannedAt).getTime() - at) < SAME_SCAN_MS,
  );
  return repeat ? { queue: [...queue], added: false } : { queue: [...queue, scan], added: true };
}

/** The next batch to send: the oldest scans of one event (the route is per event), at most BATCH_MAX. */
export function nextBatch(queue: readonly QueuedScan[]): { eventId: string; scans: QueuedScan[] } | null {
  const first = queue[0];
  if (!first) return null;
  return { eventId: first.eventId, scans: queue.filter((q) => q.eventId === first.eventId).slice(0, BATCH_MAX) };
}

/** The API's answer to a batch, scan by scan (results come in the order sent). */
export function outcomesOf(sent: readonly QueuedScan[], answer: TicketScanResults): ScanOutcome[] {
  return sent.map((scan, i) => {
    const result = answer.results[i];
    if (!result) return { scan, ok: false, code: 'app/internal-server-error', message: 'No result' };
    return result.ok ? { scan, ok: true, userId: result.userId, changed: result.changed, at: result.at } : { scan, ok: false, code: result.code, message: result.message };
  });
}

/** The queue after a batch was judged: every scan sent leaves it. */
export const withoutSent = (queue: readonly QueuedScan[], sent: readonly QueuedScan[]): QueuedScan[] => {
  const ids = new Set(sent.map((s) => s.id));
  return queue.filter((q) => !ids.has(q.id));
};

/** Reads a stored queue, dropping anything that is not a scan (a stored value from an older version, a hand edit). */
export function parseQueue(raw: string | null): QueuedScan[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (q): q is QueuedScan =>
        typeof q === 'object' &&
        q !== null &&
        ['id', 'eventId', 'ticket', 'scannedAt', 'deviceId'].every((k) => typeof (q as Record<string, unknown>)[k] === 'string') &&
        ((q as QueuedScan).action === 'check-in' || (q as QueuedScan).action === 'check-out'),
    );
  } catch {
    return [];
  }
}
