/**
 * SCORM packages saved for offline (issue 30, ADR 0094). A package is framed from the sandboxed
 * content origin (ADR 0084), another origin: the portal's service worker cannot answer its
 * requests and the portal's page cannot write its Cache Storage. So the page opens a hidden frame
 * of that origin (`/_portal/offline.html`), whose script registers the content origin's own
 * service worker and lists, saves and removes a package's files in that origin's cache when the
 * page asks (postMessage, checked by origin both ways). Offline, that worker answers the launch
 * frame and the package's files from the saved copy.
 */
export interface PackageFile {
  /** the content origin's path (`/media/scorm/<package>/...`, percent-encoded) */
  path: string;
  bytes: number;
}

type Answer = { type: 'ready'; error?: string } | { type: 'progress'; id: number; done: number; total: number; bytes: number } | { type: 'done'; id: number; answer: unknown } | { type: 'failed'; id: number; quota: boolean; message: string };

/** The content origin refused the save because its storage is full. */
export class ContentQuotaError extends Error {
  constructor() {
    super('the content origin has no storage left for this package');
  }
}

export interface ContentFrame {
  list(scos: readonly string[]): Promise<PackageFile[]>;
  /** saves the packages of `scos`; `keep` are the files other saves keep (a failed save leaves them) */
  save(scos: readonly string[], keep: readonly string[], onProgress?: (progress: { done: number; total: number; bytes: number }) => void): Promise<{ files: string[]; bytes: number }>;
  remove(files: readonly string[], keep: readonly string[]): Promise<void>;
}

const READY_WITHIN_MS = 15_000;

/** Runs `task` with the save frame of `contentOrigin` open, and takes the frame away after. */
export const withContentFrame = async <T>(contentOrigin: string, task: (frame: ContentFrame) => Promise<T>): Promise<T> => {
  const origin = new URL(contentOrigin).origin;
  const iframe = document.createElement('iframe');
  iframe.src = `${origin}/_portal/offline.html`;
  iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin');
  iframe.setAttribute('aria-hidden', 'true');
  iframe.tabIndex = -1;
  iframe.dataset.testid = 'offline-content-frame';
  iframe.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden';
  let nextId = 1;
  const pending = new Map<number, { resolve: (answer: unknown) => void; reject: (error: unknown) => void; onProgress?: (p: { done: number; total: number; bytes: number }) => void }>();
  let ready: (error?: string) => void = () => {};
  const opened = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the content origin did not answer')), READY_WITHIN_MS);
    ready = (error) => {
      clearTimeout(timer);
      if (error) reject(new Error(error));
      else resolve();
    };
  });
  const onMessage = (event: MessageEvent<Answer>) => {
    if (event.origin !== origin || event.source !== iframe.contentWindow || !event.data || typeof event.data !== 'object') return;
    const message = event.data;
    if (message.type === 'ready') return ready(message.error);
    const waiter = pending.get(message.id);
    if (!waiter) return;
    if (message.type === 'progress') return waiter.onProgress?.(message);
    pending.delete(message.id);
    if (message.type === 'done') waiter.resolve(message.answer);
    else waiter.reject(message.quota ? new ContentQuotaError() : new Error(message.message));
  };
  window.addEventListener('message', onMessage);
  document.body.appendChild(iframe);
  const ask = <A>(message: Record<string, unknown>, onProgress?: (p: { done: number; total: number; bytes: number }) => void): Promise<A> =>
    new Promise<A>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (answer: unknown) => void, reject, onProgress });
      iframe.contentWindow?.postMessage({ ...message, id }, origin);
    });
  try {
    await opened;
    return await task({
      list: async (scos) => (await ask<{ files: PackageFile[] }>({ type: 'list', scos: [...scos] })).files,
      save: (scos, keep, onProgress) => ask({ type: 'save', scos: [...scos], keep: [...keep] }, onProgress),
      remove: async (files, keep) => void (await ask({ type: 'remove', files: [...files], keep: [...keep] })),
    });
  } finally {
    window.removeEventListener('message', onMessage);
    iframe.remove();
  }
};

/** The content origin's path of a SCO's launch address (`/api/media/scorm/...` as the players frame it). */
export const scoPath = (launchUrl: string): string => launchUrl.replace(/^\/api\/media\//, '/media/');
