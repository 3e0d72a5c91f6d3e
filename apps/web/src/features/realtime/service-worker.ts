/**
 * The PWA side (000 §7 "a service worker is registered at /sw.js"): /sw.js precaches the app
 * shell and serves the offline page when a navigation cannot reach the server. It never
 * serves a stale index.html while online (navigations go to the network first), so a new
 * version reaches the page the way 000 §4.10 says: the realtime stream publishes the new
 * version, the session-expired modal shows, and its reload button lets a waiting worker take
 * over and refreshes the precache before reloading.
 */
export const SERVICE_WORKER_URL = '/sw.js';
export const MANIFEST_URL = '/manifest.webmanifest';

const ensureManifestLink = (): void => {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_URL;
  document.head.append(link);
};

export const registerServiceWorker = async (): Promise<void> => {
  if (typeof window === 'undefined') return;
  ensureManifestLink();
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch (error) {
    // 000 §8: an unsupported or refused service worker is an error in the console, not for the user
    console.error('Service worker not registered', error);
  }
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The session-expired reload: activate a waiting worker, refresh the shell cache, reload. */
export const reloadWithNewVersion = async (): Promise<void> => {
  try {
    const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
    registration?.waiting?.postMessage({ type: 'skip-waiting' });
    navigator.serviceWorker?.controller?.postMessage({ type: 'refresh-shell' });
    await Promise.race([registration?.update().catch(() => undefined), wait(1000)]);
  } catch (error) {
    console.warn('Service worker update skipped', error);
  }
  window.location.reload();
};
