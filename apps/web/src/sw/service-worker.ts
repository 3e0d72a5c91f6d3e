/*
 * The service worker of the portal (000 §7; issue 30 field mode, ADR 0094), built with Workbox into
 * /sw.js by apps/web/vite.config.ts (`portal-service-worker`, which injects the precache list).
 *
 * - The app shell: index.html, the hashed files it loads, the offline page, the manifest and the
 *   icon are precached (workbox-precaching); the screens' own files are kept as they are used
 *   (`portal-assets`), and saving for offline keeps the files of the saved screens too.
 * - Navigations go to the network first (a deploy is seen at once); with no answer, a page the
 *   learner saved for offline gets the app (index.html) and any other page the offline page.
 * - What the learner saved for offline is in the `portal-offline` cache (shared/offline/save-offline.ts
 *   puts it there): the API's answers (catalogue slice, the learner's state, questions without their
 *   answers) are read from the network first and from that cache with no answer, and an answer for
 *   a saved URL refreshes it; the media files are read from that cache first, with Range requests
 *   answered from the whole file (workbox-range-requests), so a video seeks offline.
 * - API writes, the realtime stream and everything not saved are never touched; with nothing saved
 *   on this browser, no API read or media file is either.
 * - Background Sync: the page registers `portal-learner-outbox` when it keeps a write offline; the
 *   event asks the open pages to drain the learner outbox (the writes need the page's token).
 * - Updates follow the session-expired rule (000 §4.10): the page posts "skip-waiting".
 */
import { cleanupOutdatedCaches, matchPrecache, precache } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types';

interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SyncEvent extends WorkerEvent {
  tag: string;
}
interface MessageWorkerEvent extends WorkerEvent {
  data: { type?: string; on?: boolean } | null;
}
interface WorkerClient {
  postMessage(message: unknown): void;
}
interface WorkerScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; matchAll(options: { type: 'window'; includeUncontrolled?: boolean }): Promise<WorkerClient[]> };
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageWorkerEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: WorkerEvent) => void): void;
}

declare const self: WorkerScope;

/** Where field mode keeps what was saved for offline (shared/offline/save-offline.ts names it too). */
const OFFLINE_CACHE = 'portal-offline';
const OFFLINE_PAGE = '/offline.html';
const ASSETS_CACHE = 'portal-assets';
const SYNC_TAG = 'portal-learner-outbox';

// kept, not routed as is: index.html is served only when the network does not answer
precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/**
 * Whether the learner saved something on this browser: only then does the worker answer API reads
 * and media (a browser with nothing saved sends them as before, straight to the network). Known
 * from the offline cache when the worker starts, and told by the page on every save and removal.
 */
let fieldMode = false;
void caches.has(OFFLINE_CACHE).then((has) => {
  fieldMode = has;
});

// the hashed files: immutable; the precache (what index.html loads), the saved ones, then the
// network, kept as they are used (the screens' own files)
const assets = new CacheFirst({ cacheName: ASSETS_CACHE, plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 300 })] });
registerRoute(
  ({ request, url }) => request.method === 'GET' && sameOrigin(url) && url.pathname.startsWith('/assets/'),
  async (options) => (await matchPrecache(options.request.url)) ?? (await caches.match(options.request)) ?? assets.handle(options),
);

// the manifest, the icon and the offline page: the network first
registerRoute(
  ({ request, url }) => request.method === 'GET' && sameOrigin(url) && ['/manifest.webmanifest', '/favicon.svg', OFFLINE_PAGE].includes(url.pathname),
  async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache(url.pathname)) ?? Response.error();
    }
  },
);

/** Keeps in the offline cache only an answer for a URL the learner saved: a fresher copy of it. */
const onlySaved: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => {
    if (!response.ok) return null;
    const cache = await caches.open(OFFLINE_CACHE);
    return (await cache.match(request, { ignoreVary: true })) ? response : null;
  },
};

// navigations: the network, else a saved page's app, else the offline page
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && !url.pathname.startsWith('/api/'),
  async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch {
      const cache = await caches.open(OFFLINE_CACHE);
      const saved = await cache.match(url.pathname, { ignoreSearch: true, ignoreVary: true });
      if (saved) return (await matchPrecache('/index.html')) ?? saved;
      return (await matchPrecache(OFFLINE_PAGE)) ?? new Response('Offline', { status: 503, headers: { 'content-type': 'text/plain' } });
    }
  },
);

// saved media: from the offline cache, ranges cut from the whole file; others from the network, not kept
registerRoute(
  ({ request, url }) => fieldMode && request.method === 'GET' && sameOrigin(url) && url.pathname.startsWith('/api/media/'),
  new CacheFirst({
    cacheName: OFFLINE_CACHE,
    matchOptions: { ignoreVary: true },
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new RangeRequestsPlugin(), onlySaved],
  }),
);

// the API's answers the learner saved: the network first, the saved copy with no answer (the
// realtime stream, downloads and the dev mailbox are left to the network)
registerRoute(
  ({ request, url }) => fieldMode && request.method === 'GET' && sameOrigin(url) && url.pathname.startsWith('/api/') && !/^\/api\/(realtime|download|dev)\//.test(url.pathname),
  new NetworkFirst({ cacheName: OFFLINE_CACHE, matchOptions: { ignoreVary: true }, plugins: [onlySaved] }),
);

// a thumbnail or file of another origin the learner saved (oEmbed thumbnails)
registerRoute(
  ({ request, url }) => fieldMode && request.method === 'GET' && !sameOrigin(url) && request.destination === 'image',
  new CacheFirst({ cacheName: OFFLINE_CACHE, matchOptions: { ignoreVary: true }, plugins: [onlySaved] }),
);

self.addEventListener('activate', (event) => {
  // the hand-written worker's cache (before issue 30)
  event.waitUntil(Promise.all([caches.delete('portal-shell-v1'), self.clients.claim()]));
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'skip-waiting') void self.skipWaiting();
  if (event.data?.type === 'field-mode') fieldMode = event.data.on === true;
});

self.addEventListener('sync', (event) => {
  if (event.tag !== SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'drain-outbox' });
    }),
  );
});
