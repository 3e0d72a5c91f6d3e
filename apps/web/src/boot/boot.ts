// The page's first script (ADR 0013, update 3): starts the requests every first screen waits for
// while the app's files are still arriving. The app sets APP_STARTED_KEY first thing; if it is
// already running (this file came late), it sends its own requests and this one sends none.
import { APP_STARTED_KEY, EARLY_REQUESTS_KEY, startEarlyRequests } from './early-requests';

const page = window as unknown as Record<string, unknown>;
if (!page[APP_STARTED_KEY]) {
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
  } catch {
    storage = undefined;
  }
  const randomUUID = typeof crypto.randomUUID === 'function' ? () => crypto.randomUUID() : undefined;
  page[EARLY_REQUESTS_KEY] = startEarlyRequests({ fetch: window.fetch.bind(window), path: window.location.pathname, cookie: document.cookie, storage, randomUUID });
}
