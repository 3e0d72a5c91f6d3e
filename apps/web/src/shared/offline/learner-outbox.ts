import { useSyncExternalStore } from 'react';
import { assessmentRoutes } from '@portal/assessment/contracts/http';
import { learningRoutes } from '@portal/learning/contracts/http';
import { callRoute } from '../api/client';
import { getAccessToken, getSession, subscribeSession } from '../session/token-store';
import { hasIndexedDb, IdbOutboxStore } from './field-db';
import { LearnerOutbox, MemoryOutboxStore, type OutboxItem, type OutboxMessage, type OutboxRoute } from './outbox';

/** The contract route of each kind of learner write the outbox carries. */
const ROUTES = {
  entryWrite: learningRoutes.entryWrite,
  stationWrite: learningRoutes.stationWrite,
  contentView: learningRoutes.contentView,
  mediaState: learningRoutes.mediaState,
  scormContentWrite: learningRoutes.scormContentWrite,
  scormProgressWrite: learningRoutes.scormProgressWrite,
  submitAnswer: assessmentRoutes.submitAnswer,
} as const satisfies Record<OutboxRoute, unknown>;

/** The headers every queued learner write carries (issue 30): its key and when the learner acted. */
export const outboxHeaders = (item: Pick<OutboxItem, 'key' | 'clientTime'>): Record<string, string> => ({
  'idempotency-key': item.key,
  'x-client-time': item.clientTime,
});

export const BACKGROUND_SYNC_TAG = 'portal-learner-outbox';
const LOCK_NAME = 'portal.learner-outbox';
const CHANNEL_NAME = 'portal.learner-outbox';

const sendItem = (item: OutboxItem, signal: AbortSignal): Promise<unknown> =>
  // the route's own schemas check the body and parse the answer, as for a write sent at once
  callRoute(ROUTES[item.route] as typeof learningRoutes.entryWrite, {
    params: item.params,
    body: item.body as never,
    headers: outboxHeaders(item),
    signal,
  });

const browserLock = <T>(task: () => Promise<T>): Promise<T> => {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(LOCK_NAME, task) as Promise<T>) : task();
};

const browserChannel = () => {
  if (typeof BroadcastChannel !== 'function') return undefined;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  return {
    post: (message: OutboxMessage) => channel.postMessage(message),
    listen: (run: (message: OutboxMessage) => void) => channel.addEventListener('message', (event: MessageEvent<OutboxMessage>) => run(event.data)),
  };
};

/** Asks the service worker for a Background Sync where the browser has one (it posts `drain-outbox` back). */
const askBackgroundSync = (): void => {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }).sync?.register(BACKGROUND_SYNC_TAG))
    .catch(() => undefined);
};

const whenBack = (run: () => void): void => {
  if (typeof window === 'undefined') return;
  window.addEventListener('online', run);
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === 'drain-outbox') run();
    });
  }
  // a token again (signed in, renewed after the field session): send what waits
  let had = getAccessToken();
  subscribeSession(() => {
    const now = getAccessToken();
    if (now && now !== had) run();
    had = now;
  });
};

/** The one learner outbox of this page (every tab of the browser shares its IndexedDB store and lock). */
export const learnerOutbox = new LearnerOutbox({
  store: hasIndexedDb() ? new IdbOutboxStore() : new MemoryOutboxStore(),
  send: sendItem,
  userId: () => getSession()?.userId ?? null,
  canSend: () => Boolean(getAccessToken()),
  lock: browserLock,
  onOnline: whenBack,
  onOffline: (run) => {
    if (typeof window !== 'undefined') window.addEventListener('offline', run);
  },
  channel: browserChannel(),
  onQueued: askBackgroundSync,
});

/** Re-renders on every change of the outbox (items, outcomes, state). */
export const useLearnerOutbox = (): LearnerOutbox => {
  useSyncExternalStore(
    (listener) => learnerOutbox.subscribe(listener),
    () => learnerOutbox.snapshot(),
    () => 0,
  );
  return learnerOutbox;
};

if (typeof window !== 'undefined') void learnerOutbox.ready().then(() => learnerOutbox.retryNow());
