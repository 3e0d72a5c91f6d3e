import { API_BASE } from '../api/api-base';
import { getGuestId } from '../api/guest-id';
import { getAccessToken, getSession } from '../session/token-store';
import { ContentQuotaError, scoPath, withContentFrame } from './content-frame';
import { hasIndexedDb, savedOffline, type SavedOffline } from './field-db';
import { forgetFieldSession, rememberFieldSession } from './field-session';

/**
 * Save for offline (issue 30, ADR 0094): a station, a crop or a journey is downloaded into Cache
 * Storage (`portal-offline`, which the service worker reads with no signal) and recorded in
 * IndexedDB. The record is written incomplete first and complete last: what is half saved (a
 * quota error, a lost connection, a closed tab) is never offered as available, and is rolled back.
 */
export const OFFLINE_CACHE = 'portal-offline';

/** What to download, made by the feature that knows the content (learning's offline-plan.ts). */
export interface OfflinePlan {
  id: string;
  kind: SavedOffline['kind'];
  stationId: string;
  title: string;
  /** the page paths that open offline (the app is served for them) */
  pages: string[];
  /** API GETs that must be saved (the learner's token goes with them) */
  api: string[];
  /** API GETs saved when they answer (what the screens around it read); a failure is skipped */
  extras: string[];
  /** files: media, thumbnails, the screens' code */
  files: string[];
  /** entries left out, with why */
  skipped: string[];
  /** SCORM courses: their packages are saved by the content origin (content-frame.ts) */
  scorm?: {
    contentOrigin: string;
    /** each SCO's path on the content origin (its package is the folder of its manifest) */
    scos: string[];
    /** the entries these are (left out, in `skipped`, if the content origin cannot save them) */
    entryIds: string[];
  };
}

export type SaveProgress = { done: number; total: number; bytes: number };

/** Browser storage cannot take it (a QuotaExceededError, or not enough free space before starting). */
export class OfflineQuotaError extends Error {
  constructor(
    readonly needed: number,
    readonly free: number | null,
  ) {
    super('not enough browser storage for this download');
  }
}

export const supportsOffline = (): boolean => typeof caches !== 'undefined' && hasIndexedDb() && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

const headers = (): HeadersInit => {
  const token = getAccessToken();
  return { accept: 'application/json', 'x-guest-id': getGuestId(), ...(token ? { authorization: `Bearer ${token}` } : {}) };
};

const absolute = (url: string): string => new URL(url, window.location.origin).href;

const isQuotaError = (error: unknown): boolean => error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);

/** The storage this site uses and may use (navigator.storage.estimate), in bytes. */
export const storageEstimate = async (): Promise<{ usage: number; quota: number } | null> => {
  try {
    const estimate = await navigator.storage?.estimate?.();
    return estimate && typeof estimate.quota === 'number' ? { usage: estimate.usage ?? 0, quota: estimate.quota } : null;
  } catch {
    return null;
  }
};

/** Each file's Content-Length (HEAD), and a few kB per API answer. */
const planSize = async (plan: OfflinePlan, signal?: AbortSignal): Promise<number> => {
  const API_GUESS = 8 * 1024;
  const sizes = await Promise.all(
    plan.files.map(async (url) => {
      try {
        const response = await fetch(url, { method: 'HEAD', headers: headers(), signal, credentials: 'same-origin' });
        return Number(response.headers.get('content-length') ?? 0) || API_GUESS;
      } catch {
        return API_GUESS;
      }
    }),
  );
  return sizes.reduce((a, b) => a + b, 0) + (plan.api.length + plan.extras.length) * API_GUESS;
};

/**
 * The size before the download starts: each file's Content-Length (HEAD), a few kB per API answer,
 * and the SCORM packages' files as the content origin lists them. A content origin that cannot
 * save them (no answer, no service worker there) leaves its courses out of the plan.
 */
export const sizePlan = async (plan: OfflinePlan, signal?: AbortSignal): Promise<{ plan: OfflinePlan; size: number }> => {
  const size = await planSize(plan, signal);
  const { scorm } = plan;
  if (!scorm || scorm.scos.length === 0) return { plan, size };
  try {
    const files = await withContentFrame(scorm.contentOrigin, (frame) => frame.list(scorm.scos));
    return { plan, size: size + files.reduce((sum, f) => sum + f.bytes, 0) };
  } catch (error) {
    console.warn('SCORM courses left out of the offline save: the content origin cannot save them', error);
    const { scorm: _left, ...rest } = plan;
    return { plan: { ...rest, skipped: [...new Set([...plan.skipped, ...scorm.entryIds])] }, size };
  }
};

/** The URLs other complete saves keep: a removal or a rollback leaves them. */
const keptByOthers = async (id: string): Promise<Set<string>> => new Set((await savedOffline.all()).filter((s) => s.id !== id && s.complete).flatMap((s) => s.urls));

/** The content origin's files other complete saves keep. */
const contentKeptByOthers = async (id: string): Promise<string[]> => [...new Set((await savedOffline.all()).filter((s) => s.id !== id && s.complete).flatMap((s) => s.content?.files ?? []))];

/** The SCOs a saved resume read names (an attempt plays the revision it began on, issue 27): its launch and its package's SCOs. */
const launchesIn = (answer: unknown): string[] => {
  const read = answer as { launchUrl?: unknown; package?: { scos?: { launchUrl?: unknown }[] } | null } | null;
  const urls = [read?.launchUrl, ...(read?.package?.scos ?? []).map((s) => s.launchUrl)];
  return urls.filter((u): u is string => typeof u === 'string' && u.startsWith('/api/media/')).map(scoPath);
};

/** Tells the service worker whether anything is saved (it answers API reads and media only then). */
const tellWorker = (on: boolean): void => {
  navigator.serviceWorker?.controller?.postMessage({ type: 'field-mode', on });
};

/** With nothing saved, the offline cache goes too (and the worker stops answering reads). */
const dropCacheIfEmpty = async (): Promise<void> => {
  if ((await savedOffline.all()).length > 0) return;
  await caches.delete(OFFLINE_CACHE);
  tellWorker(false);
};

const dropUrls = async (id: string, urls: readonly string[]): Promise<void> => {
  const cache = await caches.open(OFFLINE_CACHE);
  const others = await keptByOthers(id);
  for (const url of urls) if (!others.has(url)) await cache.delete(url, { ignoreVary: true });
};

/**
 * Downloads the plan: throws OfflineQuotaError when the storage cannot take it (nothing stays
 * saved), or the fetch error of a required part (nothing stays saved either).
 */
export const saveForOffline = async (plan: OfflinePlan, options: { size: number; onProgress?: (progress: SaveProgress) => void; signal?: AbortSignal }): Promise<SavedOffline> => {
  const userId = getSession()?.userId;
  if (!userId) throw new Error('saving for offline needs a signed-in learner');
  const estimate = await storageEstimate();
  if (estimate && estimate.usage + options.size > estimate.quota) throw new OfflineQuotaError(options.size, estimate.quota - estimate.usage);
  // keep the site's storage from being evicted under pressure, where the browser allows it
  void navigator.storage?.persist?.().catch(() => false);

  const record: SavedOffline = { id: plan.id, kind: plan.kind, stationId: plan.stationId, userId, title: plan.title, pages: plan.pages, urls: [], bytes: 0, savedAt: new Date().toISOString(), complete: false, skipped: plan.skipped };
  await savedOffline.put(record);
  const cache = await caches.open(OFFLINE_CACHE);
  const urls: string[] = [];
  const total = plan.pages.length + plan.api.length + plan.extras.length + plan.files.length;
  let done = 0;
  let bytes = 0;
  const step = (size: number) => {
    done += 1;
    bytes += size;
    options.onProgress?.({ done, total, bytes });
  };
  const scos = new Set(plan.scorm?.scos ?? []);
  let content: SavedOffline['content'];
  const keep = async (url: string, response: Response) => {
    const body = await response.blob();
    if (plan.scorm && /^\/api\/user-store\/scorm-content\//.test(url)) {
      for (const sco of launchesIn(await body.text().then((text) => JSON.parse(text) as unknown).catch(() => null))) scos.add(sco);
    }
    await cache.put(absolute(url), new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }));
    urls.push(absolute(url));
    step(body.size);
  };
  try {
    // the pages: the app itself, served for them with no signal
    const shell = await fetch('/index.html', { credentials: 'same-origin', signal: options.signal, cache: 'no-store' }).catch(() => fetch('/', { credentials: 'same-origin', signal: options.signal }));
    const html = await shell.text();
    for (const page of plan.pages) await keep(page, new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
    for (const url of plan.api) {
      const response = await fetch(url, { headers: headers(), credentials: 'same-origin', signal: options.signal });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      await keep(url, response);
    }
    for (const url of plan.extras) {
      const response = await fetch(url, { headers: headers(), credentials: 'same-origin', signal: options.signal }).catch(() => null);
      if (response?.ok) await keep(url, response);
      else step(0);
    }
    // files three at a time
    const queue = [...plan.files];
    const worker = async () => {
      for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
        const response = await fetch(url, { headers: headers(), credentials: 'same-origin', signal: options.signal });
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        await keep(url, response);
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    // the SCORM packages, last: saved by the content origin in its own storage
    if (plan.scorm && scos.size > 0) {
      const origin = plan.scorm.contentOrigin;
      const keepContent = await contentKeptByOthers(plan.id);
      const before = { done, bytes };
      const saved = await withContentFrame(origin, (frame) =>
        frame.save([...scos], keepContent, (p) => options.onProgress?.({ done: before.done + p.done, total: total + p.total, bytes: before.bytes + p.bytes })),
      );
      content = { origin, files: saved.files };
      bytes += saved.bytes;
    }
    const complete: SavedOffline = { ...record, urls, bytes, complete: true, savedAt: new Date().toISOString(), ...(content ? { content } : {}) };
    await savedOffline.put(complete);
    rememberFieldSession();
    tellWorker(true);
    return complete;
  } catch (error) {
    await dropUrls(plan.id, urls).catch(() => undefined);
    const added = content;
    if (added) await withContentFrame(added.origin, async (frame) => frame.remove(added.files, await contentKeptByOthers(plan.id))).catch(() => undefined);
    await savedOffline.remove(plan.id).catch(() => undefined);
    await dropCacheIfEmpty().catch(() => undefined);
    if (isQuotaError(error) || error instanceof ContentQuotaError) throw new OfflineQuotaError(options.size, estimate ? estimate.quota - estimate.usage : null);
    throw error;
  }
};

/** Removes a saved item: its record, and the files no other saved item keeps. */
export const removeOffline = async (id: string): Promise<void> => {
  const saved = await savedOffline.get(id);
  if (saved) await dropUrls(id, saved.urls);
  const content = saved?.content;
  // the content origin's copy of its SCORM packages (left there if it does not answer: offline)
  if (content) await withContentFrame(content.origin, async (frame) => frame.remove(content.files, await contentKeptByOthers(id))).catch(() => undefined);
  await savedOffline.remove(id);
  if ((await savedOffline.all()).length === 0) {
    forgetFieldSession();
    await dropCacheIfEmpty();
  }
};

/** The signed-in learner's complete saves; incomplete ones (a tab closed mid-download) are rolled back. */
export const listOffline = async (): Promise<SavedOffline[]> => {
  if (!supportsOffline()) return [];
  const all = await savedOffline.all();
  for (const stale of all.filter((s) => !s.complete)) {
    // another tab may be downloading it right now: only one older than an hour is stale
    if (Date.now() - Date.parse(stale.savedAt) > 60 * 60_000) await removeOffline(stale.id);
  }
  const userId = getSession()?.userId;
  return all.filter((s) => s.complete && s.userId === userId);
};

/** The API address of a contract path ("/stations/x" -> "/api/stations/x"). */
export const apiUrl = (path: string): string => `${API_BASE}${path}`;
