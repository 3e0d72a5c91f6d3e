/*
 * Service worker of the portal (000 §7): precaches the app shell (index.html, the hashed
 * files it references, the offline page, the manifest and the icon), serves hashed files
 * from the cache, and answers a navigation that cannot reach the server with the offline
 * page. API calls and media are never touched. Updates follow the session-expired rule
 * (000 §4.10): the page posts "skip-waiting" and "refresh-shell" from the modal's reload.
 */
const SHELL_CACHE = 'portal-shell-v1';
const OFFLINE_URL = '/offline.html';
const STATIC_FILES = ['/', OFFLINE_URL, '/manifest.webmanifest', '/favicon.svg'];

/** The /assets/ files index.html loads (scripts, styles, preloads). */
const assetsOf = (html) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);

async function precacheShell() {
  const cache = await caches.open(SHELL_CACHE);
  const index = await fetch('/', { cache: 'no-store', credentials: 'same-origin' });
  if (!index.ok) throw new Error(`index.html answered ${index.status}`);
  const html = await index.clone().text();
  const assets = assetsOf(html);
  await cache.put('/', index);
  await cache.addAll(STATIC_FILES.filter((url) => url !== '/').concat(assets));
  // drop hashed files the current shell no longer uses
  const keep = new Set([...STATIC_FILES, ...assets].map((url) => new URL(url, self.location.origin).href));
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname.startsWith('/assets/') && !keep.has(request.url)) await cache.delete(request);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().catch((error) => console.warn('precache failed', error)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== SHELL_CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const type = event.data && event.data.type;
  if (type === 'skip-waiting') self.skipWaiting();
  if (type === 'refresh-shell') event.waitUntil(precacheShell().catch(() => undefined));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname === '/sw.js') return;

  if (request.mode === 'navigate') {
    // network first: a deploy is seen at once; offline, the offline page
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(OFFLINE_URL)) || new Response('Offline', { status: 503, headers: { 'content-type': 'text/plain' } })),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    // hashed, immutable: the cache first, the network fills it
    event.respondWith(
      (async () => {
        const cached = await caches.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) {
          const cache = await caches.open(SHELL_CACHE);
          await cache.put(request, response.clone());
        }
        return response;
      })(),
    );
    return;
  }

  if (STATIC_FILES.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(async () => (await caches.match(url.pathname)) || Response.error()));
  }
});
