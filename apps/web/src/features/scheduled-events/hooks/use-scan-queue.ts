import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ScanActionName } from '@portal/events/contracts/http';
import { isApiError } from '../../../shared/api/api-error';
import { scanTickets } from '../api/attendance';
import { invalidateEventsData } from '../api/keys';
import { enqueue, nextBatch, outcomesOf, parseQueue, withoutSent, type QueuedScan, type ScanOutcome } from '../model/scan-queue';

const QUEUE_KEY = 'portal.scheduledEvents.scanQueue';
const DEVICE_KEY = 'portal.scheduledEvents.deviceId';
/** How often a waiting queue is tried again while the browser says it is online. */
const RETRY_MS = 15_000;
const RECENT_MAX = 20;

const storage = (): Storage | null => {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
};
const newId = (): string => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** This browser's name in the scans it sends (ADR 0060 `deviceId`): one per device, kept. */
const deviceId = (): string => {
  const store = storage();
  const known = store?.getItem(DEVICE_KEY);
  if (known) return known;
  const id = `door-${newId().slice(0, 8)}`;
  store?.setItem(DEVICE_KEY, id);
  return id;
};
const readQueue = (): QueuedScan[] => parseQueue(storage()?.getItem(QUEUE_KEY) ?? null);
const writeQueue = (queue: readonly QueuedScan[]): void => {
  try {
    storage()?.setItem(QUEUE_KEY, JSON.stringify(queue));
  } catch {
    // storage full or blocked: the queue lives in memory until it is sent
  }
};

/**
 * The door scanner's queue (ADR 0061): every ticket read is stored first (localStorage survives a
 * reload and a closed tab), then sent; offline, scans wait and go when the browser is back online
 * (the `online` event) or at the next retry. Each scan keeps the time it was read; resending
 * changes nothing (ADR 0060). The latest results are kept for the screen.
 */
export function useScanQueue() {
  const client = useQueryClient();
  const [queue, setQueue] = useState<QueuedScan[]>(readQueue);
  const [recent, setRecent] = useState<ScanOutcome[]>([]);
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  const sending = useRef(false);
  /** asked to send while a send was on its way (the connection came back meanwhile): go again after it */
  const again = useRef(false);
  const device = useRef<string>('');

  const update = useCallback((change: (q: QueuedScan[]) => QueuedScan[]) => {
    // the stored queue is the truth (another tab of the same door may have added to it)
    const next = change(readQueue());
    writeQueue(next);
    setQueue(next);
  }, []);

  const flush = useCallback(async (): Promise<void> => {
    if (sending.current) {
      again.current = true;
      return;
    }
    sending.current = true;
    again.current = false;
    try {
      for (let batch = nextBatch(readQueue()); batch; batch = nextBatch(readQueue())) {
        const sent = batch.scans;
        let outcomes: ScanOutcome[];
        try {
          const answer = await scanTickets(batch.eventId, { scans: sent.map(({ ticket, action, scannedAt, deviceId: d }) => ({ ticket, action, scannedAt, deviceId: d })) });
          outcomes = outcomesOf(sent, answer);
        } catch (error) {
          // offline or the server down: keep them for later; refused as a whole (gone, not allowed): drop with the reason
          if (!isApiError(error) || error.statusCode === 0 || error.statusCode >= 500) {
            if (isApiError(error) && error.statusCode === 0) setOnline(false);
            break;
          }
          outcomes = sent.map((scan) => ({ scan, ok: false as const, code: error.code || String(error.statusCode), message: error.message }));
        }
        setOnline(true);
        update((q) => withoutSent(q, sent));
        setRecent((r) => [...outcomes.reverse(), ...r].slice(0, RECENT_MAX));
        await invalidateEventsData(client);
      }
    } finally {
      sending.current = false;
    }
    if (again.current) return flush();
  }, [client, update]);

  /** Queues a ticket read now; false when the same ticket was just read (the camera reads a code many times a second). */
  const add = useCallback(
    (eventId: string, ticket: string, action: ScanActionName): boolean => {
      if (!device.current) device.current = deviceId();
      let added = false;
      update((q) => {
        const result = enqueue(q, { id: newId(), eventId, ticket, action, scannedAt: new Date().toISOString(), deviceId: device.current });
        added = result.added;
        return result.queue;
      });
      if (added) void flush();
      return added;
    },
    [flush, update],
  );

  useEffect(() => {
    const back = () => {
      setOnline(true);
      void flush();
    };
    const gone = () => setOnline(false);
    window.addEventListener('online', back);
    window.addEventListener('offline', gone);
    const timer = setInterval(() => {
      if (readQueue().length > 0 && navigator.onLine) void flush();
    }, RETRY_MS);
    void flush();
    return () => {
      window.removeEventListener('online', back);
      window.removeEventListener('offline', gone);
      clearInterval(timer);
    };
  }, [flush]);

  return { queue, recent, online, add, flush };
}
