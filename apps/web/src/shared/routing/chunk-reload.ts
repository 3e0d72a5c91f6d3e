/**
 * A lazy route or locale chunk that fails to load (usually a deploy replaced the hashed files)
 * reloads the page, at most once per minute (000 §2.4, §9) so a broken deploy cannot loop.
 */
export const CHUNK_RELOAD_KEY = 'portal.chunkReloadAt';
export const CHUNK_RELOAD_GUARD_MS = 60_000;

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
  /'text\/html' is not a valid JavaScript MIME type/i,
];

export const isChunkLoadError = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message));
};

/** Whether a reload is allowed now, given the time of the last one (ms since epoch, or null). */
export const mayReloadForChunkError = (now: number, lastReloadAt: number | null): boolean =>
  lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS || now < lastReloadAt;

interface ReloadDeps {
  now: () => number;
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  reload: () => void;
}

const browserDeps = (): ReloadDeps => {
  let storage: Storage | undefined;
  try {
    storage = globalThis.sessionStorage;
  } catch {
    storage = undefined;
  }
  return { now: () => Date.now(), storage, reload: () => window.location.reload() };
};

/** Reloads the page when allowed and says whether it did; callers show the error page if not. */
export const reloadAfterChunkError = (deps: ReloadDeps = browserDeps()): boolean => {
  const raw = deps.storage?.getItem(CHUNK_RELOAD_KEY);
  const last = raw ? Number(raw) : null;
  const now = deps.now();
  if (!mayReloadForChunkError(now, last)) return false;
  // Without storage there is no memory across reloads: do not risk a loop.
  if (!deps.storage) return false;
  deps.storage.setItem(CHUNK_RELOAD_KEY, String(now));
  deps.reload();
  return true;
};
